/* SPDX-License-Identifier: GPL-2.0-only */
/* Acting on a write journal (tree_journal.h): the renames that put the staged files in place,
 * and the two ways out of a write that stopped halfway, rollback and resume. Each of them
 * reads the state of every file from the tree itself (its content hash, and whether a target
 * is still the inode its backup links to), so that either may run after a kill at any point,
 * and twice.
 *
 * Test hooks, from the environment: HB_TEST_WRITE_PAUSE_AFTER=N stops the process (SIGSTOP)
 * after N renames, saying so on stderr, so that a test can kill it there;
 * HB_TEST_WRITE_FAIL_RENAME=N makes the Nth rename fail with EIO. */
#ifndef HB_TREE_COMMIT_H
#define HB_TREE_COMMIT_H

#include "tree_journal.h"

#include <stdbool.h>
#include <stddef.h>

/* Renames each staged file of J over its target in TREE (or removes the target of a removed
 * file), in order, those with TODO[i] only (TODO NULL: all). SIGINT, SIGTERM, SIGHUP and SIGQUIT
 * wait until the last one is done. 0, or -1 with "FILE: reason" in ERR (the renames done stay
 * done). */
int tree_commit_renames(const struct tree_journal *j, const char *tree, const bool *todo,
			char *err, size_t errlen);
/* After the last rename: removes the backups and any staged file left. 0, or -1 with
 * "NAME: reason" in ERR. */
int tree_commit_cleanup(const struct tree_journal *j, const char *tree, char *err, size_t errlen);
/* Puts every original of J back into TREE and removes the staged files, the backups and the
 * folders the write created. Returns how many files it gave back (0: none had been replaced),
 * or -1 with "FILE: reason" in ERR when a file is neither its original nor its new content
 * (someone changed it since: it is left as it is, and so is its backup) or a step failed; the
 * other files are rolled back all the same. */
int tree_rollback(const struct tree_journal *j, const char *tree, char *err, size_t errlen);
/* Finishes the renames of the committed journal J and removes the backups. Returns how many
 * files it put in place (0: all were), or -1 with "FILE: reason" in ERR when a file is in a
 * state the journal does not explain (then nothing was done). */
int tree_resume(const struct tree_journal *j, const char *tree, char *err, size_t errlen);

#endif
