/* SPDX-License-Identifier: GPL-2.0-only */
/* Work trees: a cheap copy of a kernel tree to patch (hard links where the file system
 * allows; patch(1) and our writers replace files, so the original is never written). */
#ifndef HB_WORKTREE_H
#define HB_WORKTREE_H

/* Makes DST a copy of SRC (DST removed first). Returns 0 or -1 (see LOG). */
int worktree_clone(const char *src, const char *dst, const char *log);
/* Applies the unified diff in PATCH_FILE to TREE with patch -p1. 0 or -1 (see LOG). */
int worktree_patch(const char *tree, const char *patch_file, const char *log);
/* Replaces FILE (relative) in TREE with TEXT through a new file and rename(). */
int worktree_replace(const char *tree, const char *file, const char *text);
/* The files a unified diff changes ("+++ b/FILE"), as a malloc'd NULL-terminated array. */
char **worktree_diff_files(const char *diff);
/* Puts FROM_TREE/FILE's content and mode at TO_TREE/FILE as a new file (rename(): a fresh
 * inode and mtime, a hard-linked original untouched); removes TO_TREE/FILE when FROM_TREE
 * has none. 0 or -1. (A user's tree is written by tree_write.h instead: all or nothing.) */
int worktree_copy_file(const char *from_tree, const char *to_tree, const char *file);
/* "diff -u" of OLD_TEXT and NEW_TEXT as a/FILE b/FILE (malloc'd). */
char *worktree_text_diff(const char *file, const char *old_text, const char *new_text);

#endif
