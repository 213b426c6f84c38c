/* SPDX-License-Identifier: GPL-2.0-only */
/* The journal of a write into a user's tree: what is about to replace what, so that a write
 * that was killed halfway can be rolled back or finished (tree_commit.h).
 *
 * A text file, written whole (fs_write_file_atomic) before anything is staged, and again,
 * marked "commit", right before the first rename:
 *     hardening-backport write journal 1
 *     tree /abs/path/of/the/tree
 *     state staging|commit
 *     mkdir DIR                       (a folder the write created, relative)
 *     file OLD NEW STAGED BACKUP FILE (one per changed file, the fields apart by tabs)
 * OLD and NEW are the FNV-1a 64 hashes of the file's content before and after, as 16 hex
 * digits, or "-" when there is none (a new file; a removed one); STAGED and BACKUP are the
 * dot-names beside FILE that hold the new content and a hard link to the original, or "-". */
#ifndef HB_TREE_JOURNAL_H
#define HB_TREE_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct journal_entry {
	char *file;        /* relative to the tree */
	bool had_old;      /* the tree had the file */
	uint64_t old_hash; /* its content as the rules read it */
	bool has_new;      /* the write leaves a file there (false: removes it) */
	uint64_t new_hash;
	char *staged;      /* relative name of the new content, NULL when !has_new */
	char *backup;      /* relative name of the hard link to the original, NULL when !had_old */
};

struct tree_journal {
	char *tree;        /* the user's tree, absolute */
	bool committed;    /* renames may have begun */
	char **dirs;       /* folders the write created, parents first (n_dirs) */
	size_t n_dirs;
	struct journal_entry *entries;
	size_t n_entries;
};

/* Writes J to PATH (its folder created if need be). 0, or -1 with errno. */
int tree_journal_write(const char *path, const struct tree_journal *j);
/* Reads PATH into J. 0; 1 when there is no journal; -1 when it cannot be read or parsed
 * (why in ERR). */
int tree_journal_read(const char *path, struct tree_journal *j, char *err, size_t errlen);
void tree_journal_free(struct tree_journal *j);

/* The content hash of PATH: 0 with *present false when it does not exist, 0 with the hash,
 * or -1 with errno when it cannot be read. */
int tree_hash_file(const char *path, bool *present, uint64_t *hash);

#endif
