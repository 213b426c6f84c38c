/* SPDX-License-Identifier: GPL-2.0-only */
/* Taking the sections of one file out of a unified diff (spatch's "diff -u -p a/F b/F" ones
 * and the "--- a/F" ones of the driver's own text diffs), hunk lengths honoured, so that a
 * removed line starting with "-- " is no header. */
#ifndef HB_DIFF_SPLIT_H
#define HB_DIFF_SPLIT_H

/* The sections of DIFF whose file is PATH (as in "+++ b/PATH"), in their order, malloc'd ("" when
 * none); *REST gets the other sections (malloc'd). */
char *diff_split_file(const char *diff, const char *path, char **rest);

#endif
