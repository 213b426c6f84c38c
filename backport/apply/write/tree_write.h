/* SPDX-License-Identifier: GPL-2.0-only */
/* Writing the files apply changed into the user's tree, all or nothing.
 *
 * First every target is checked to hold what the rules read (else the user's edit wins and
 * nothing is written), and a journal (tree_journal.h) says what is about to replace what.
 * Then each new file is written beside its target (".NAME.hb-new" in the same folder, which
 * proves the folder writable and the space there), and each original is kept as a hard link
 * beside it (".NAME.hb-orig", which an immutable or append-only file refuses). A failure so
 * far removes what was staged: the tree is as it was. Only then, the journal marked "commit",
 * are the new files renamed over their targets (tree_commit.h); a failure between two renames
 * puts the originals back. The backups and the journal go when the last rename is done. */
#ifndef HB_TREE_WRITE_H
#define HB_TREE_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tree_change {
	const char *file;   /* relative to both trees */
	bool was_there;     /* the rules read it (false: a rule added it) */
	uint64_t read_hash; /* FNV-1a 64 of its content as the rules read it (tree_origin.h) */
};

enum tree_write_result {
	TREE_WRITTEN,   /* every change is in place, no journal left */
	TREE_REFUSED,   /* a target is not what the rules read (the user's edit wins): nothing
			 * was written */
	TREE_UNCHANGED, /* a step before the first rename failed: the tree is as it was */
	TREE_RESTORED,  /* a rename failed: the originals are back, the tree is as it was */
	TREE_BROKEN,    /* a failure that could not be undone, or a backup that could not be
			 * removed: the journal stays, for `apply --rollback` or `--resume` */
};

/* Puts WORK/FILE (its content and mode; a removal when WORK has none) at TREE/FILE for each
 * of the N CHANGES, with its journal at JOURNAL_PATH. Unless TREE_WRITTEN, ERR says
 * "FILE: reason" (the errno string, or why the file was refused). */
enum tree_write_result tree_write(const char *work, const char *tree,
				  const struct tree_change *changes, size_t n,
				  const char *journal_path, char *err, size_t errlen);

/* The dot-names beside FILE (relative): FOLDER/.NAME.hb-new and FOLDER/.NAME.hb-orig. */
char *tree_staged_name(const char *file);
char *tree_backup_name(const char *file);

#endif
