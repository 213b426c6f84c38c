/* SPDX-License-Identifier: GPL-2.0-only */
/* Replacing a folder by a new one written beside it, in one step: a reader sees the old
 * folder or the new one, never a half-written or a missing one. */
#ifndef HB_DIR_SWAP_H
#define HB_DIR_SWAP_H

/* Puts the folder NEW_DIR at DIR and removes what DIR was. Where DIR exists, the two are
 * exchanged by renameat2(RENAME_EXCHANGE) and the old one is then removed; on a file system
 * that cannot exchange, DIR goes to DIR.old, NEW_DIR takes its place and DIR.old is removed.
 * A DIR.old that a kill left behind is put back first when DIR is missing, and removed
 * otherwise. 0, or -1 with errno (DIR as it was). */
int dir_replace(const char *dir, const char *new_dir);

#endif
