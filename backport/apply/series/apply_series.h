/* SPDX-License-Identifier: GPL-2.0-only */
/* Writing a quilt series: one patch per feature, each an mbox message as git format-patch
 * writes it (mbox_patch.h), so that quilt, git apply, git am and b4 all take it. */
#ifndef HB_APPLY_SERIES_H
#define HB_APPLY_SERIES_H

#include "ctx.h"
#include "feature_result.h"
#include "feature_table.h"

#include <stdbool.h>

/* Who and when the patches are, and what else the series holds. */
struct series_opts {
	char *author;     /* "Name <mail>" */
	long long date;   /* the patches' Date: (the same for the same tree: never "now") */
	bool signoff;     /* Signed-off-by: of the author at the end of each message */
	bool cover_letter; /* also 0000-cover-letter.patch ([PATCH 0/N]; not in series) */
};

/* The options for a series made from TREE: author CTX->author, else `git config user.name`
 * and user.email of CTX->repo, else MBOX_PLACEHOLDER_AUTHOR; date $SOURCE_DATE_EPOCH, else
 * the modification time of TREE/Makefile (in Debian's tarball, the release's), else 0. */
void series_opts_init(struct series_opts *o, const struct hb_ctx *ctx, const char *tree);
void series_opts_free(struct series_opts *o);
/* --author AUTHOR: CTX->author, once AUTHOR reads "Name <mail>"; -1 saying why otherwise. */
int series_set_author(struct hb_ctx *ctx, const char *author);
/* The author from `git config` in REPO ("Name <mail>", malloc'd), or NULL when either is
 * unset. */
char *series_git_author(const char *repo);

/* The patch text for feature F: message INDEX of TOTAL (TOTAL 0: "[PATCH]"), its diff DIFF.
 * TREE_DESC names the tree it was made on; NOT_EXAMINED (NULL: none) the files spatch gave up
 * on ("not examined: N files timed out after T s (...)"), which the message then names. O
 * NULL: the placeholder author, date 0. */
char *series_patch_text(const struct feature *f, const char *diff, const char *tree_desc,
			const char *not_examined, const struct series_opts *o, int index,
			int total);
/* File name of the patch: "NNNN-name.patch". */
char *series_patch_name(int index, const struct feature *f);
/* The patches feature F's DIFF makes: its split's part (F->split, a fix of another subsystem:
 * the sections of F->split->path; NULL when F has none or DIFF does not touch that file) in
 * *SPLIT, the rest in *REST (both malloc'd, "" when none). Returns how many are not empty. */
int series_parts(const struct feature *f, const char *diff, char **split, char **rest);
/* File name of the split's patch: "NNNN-name-SUFFIX.patch". */
char *series_split_name(int index, const struct feature *f);
/* The patch text of F's split (its subject, message and Fixes: tag), as series_patch_text(). */
char *series_split_text(const struct feature *f, const char *diff, const char *tree_desc,
			const struct series_opts *o, int index, int total);
/* The cover letter of the features of MASK that RESULTS say changed something. */
char *series_cover_letter(const struct feature_result *results, unsigned mask,
			  const char *tree_desc, const struct series_opts *o);
/* Writes DIR/series and the patches of the features that changed something (with O's cover
 * letter, if asked), replacing DIR as a whole (written as DIR.tmp, then swapped in by
 * dir_replace(): never half-written nor missing). O NULL: as for series_patch_text().
 * Returns the number of patches, or -1. */
int series_write(const char *dir, const struct feature_result *results, unsigned mask,
		 const char *tree_desc, const struct series_opts *o);

#endif
