// SPDX-License-Identifier: GPL-2.0-only
#include "tree_origin.h"

#include "fsutil.h"
#include "spawn.h"
#include "tree_journal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* SCRATCH/FILE as a copy of WORK/FILE, when WORK has it. 0 or -1. */
static int copy_in(const char *work, const char *scratch, const char *file)
{
	char *from = fs_join(work, file), *to = fs_join(scratch, file);
	int rc = 0;
	if (fs_exists(from)) {
		char *dir = strdup(to);
		*strrchr(dir, '/') = '\0';
		size_t len = 0;
		char *text = fs_read_file(from, &len);
		rc = text && fs_mkdir_p(dir, 0755) == 0 ? fs_write_file_atomic(to, text, len) : -1;
		free(text);
		free(dir);
	}
	free(from);
	free(to);
	return rc;
}

static int reverse(const char *scratch, const char *diff, const char *log)
{
	char *diff_file = xasprintf("%s.diff", scratch);
	int rc = fs_write_file_atomic(diff_file, diff, strlen(diff));
	if (rc == 0) {
		struct spawn_opts o = { .log_path = log };
		char *argv[] = { "patch", "-R", "-p1", "--force", "--fuzz=0", "--silent",
				 "--no-backup-if-mismatch", "-d", (char *)scratch, "-i", diff_file,
				 NULL };
		spawn_log_argv(log, argv);
		rc = spawn_run(argv, &o) == 0 ? 0 : -1;
	}
	unlink(diff_file);
	free(diff_file);
	return rc;
}

int tree_origin(const char *work, char *const *files, char *const *diffs, size_t n_diffs,
		const char *scratch, const char *log, struct tree_change *changes)
{
	int rc = fs_remove_tree(scratch) == 0 && fs_mkdir_p(scratch, 0755) == 0 ? 0 : -1;
	for (size_t i = 0; files[i] && rc == 0; i++)
		rc = copy_in(work, scratch, files[i]);
	for (size_t d = n_diffs; d-- > 0 && rc == 0;)
		if (*diffs[d])
			rc = reverse(scratch, diffs[d], log);
	for (size_t i = 0; files[i] && rc == 0; i++) {
		char *path = fs_join(scratch, files[i]);
		changes[i].file = files[i];
		rc = tree_hash_file(path, &changes[i].was_there, &changes[i].read_hash);
		free(path);
	}
	fs_remove_tree(scratch);
	return rc;
}
