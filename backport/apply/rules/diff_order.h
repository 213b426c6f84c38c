/* SPDX-License-Identifier: GPL-2.0-only */
/* A canonical order for a unified diff: spatch -j prints its files in whatever order its
 * workers finish, so the same run can give differently ordered patches. */
#ifndef HB_DIFF_ORDER_H
#define HB_DIFF_ORDER_H

/* DIFF with its per-file sections sorted by path (malloc'd). A section starts at a
 * "diff " line, or at a "--- a/" line followed by "+++ b/" and not preceded by one; text before the first is kept first. */
char *diff_sort_by_file(const char *diff);
/* DIFF without the sections of the files in DROP (paths as in "+++ b/PATH", NULL-terminated),
 * malloc'd. */
char *diff_without_files(const char *diff, char *const *drop);

#endif
