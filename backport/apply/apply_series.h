/* SPDX-License-Identifier: GPL-2.0-only */
/* Writing a quilt series: one patch per feature with a header a maintainer could send. */
#ifndef HB_APPLY_SERIES_H
#define HB_APPLY_SERIES_H

#include "apply.h"
#include "feature_table.h"

/* The patch text for feature F (header + diff). TREE_DESC names the tree it was made on. */
char *series_patch_text(const struct feature *f, const char *diff, const char *tree_desc);
/* File name of the patch: "NNNN-name.patch". */
char *series_patch_name(int index, const struct feature *f);
/* Writes DIR/series and the patches of the features that changed something, replacing DIR
 * as a whole (written as DIR.tmp, then swapped in by dir_replace(): never half-written nor
 * missing). Returns the number of patches, or -1. */
int series_write(const char *dir, const struct feature_result *results, unsigned mask,
		 const char *tree_desc);

#endif
