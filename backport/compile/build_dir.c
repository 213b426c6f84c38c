// SPDX-License-Identifier: GPL-2.0-only
#include "build_dir.h"

#include "fsutil.h"
#include "msg.h"
#include "source_record.h"
#include "spawn.h"
#include "worktree.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void build_dir_free(struct build_dir *bd)
{
	free(bd->src);
	free(bd->out);
	free(bd->kept);
	free(bd->record);
	free(bd->how);
	memset(bd, 0, sizeof(*bd));
}

/* Brings FROM (a kept out/) in as out/, by rename (MOVE) or copy, and lists the files whose
 * content changed since it was built; NULL (and no out/) when it has no usable record. */
static char **try_out(struct build_dir *bd, const char *from, bool move, const char *log)
{
	struct spawn_opts o = { .log_path = log };
	char *argv[] = { "cp", "-a", (char *)from, bd->out, NULL };
	if (!fs_is_dir(from) || (move ? rename(from, bd->out) : spawn_run(argv, &o)) != 0)
		return NULL;
	char *record_path = fs_join(bd->out, BUILD_DIR_RECORD);
	char *old_record = fs_read_file(record_path, NULL);
	free(record_path);
	char **stale = source_record_stale(old_record, bd->record);
	free(old_record);
	if (!stale)
		fs_remove_tree(bd->out);
	return stale;
}

/* Brings out/ in: the flavour's own, else a copy of OTHER_OUT, else an empty one. Then refreshes
 * in src/ every file whose content changed since that out/ was built. */
static int fill_out(struct build_dir *bd, const char *other_out, const char *source,
		    const char *log)
{
	const char *from = "its own last build";
	char **stale = try_out(bd, bd->kept, true, log);
	if (!stale) {
		from = "a copy of the other flavour's";
		stale = try_out(bd, other_out, false, log);
	}
	if (!stale) {
		bd->how = strdup("a new out/ (no earlier build of these sources)");
		return fs_mkdir_p(bd->out, 0755);
	}
	size_t n = 0;
	for (char **f = stale; *f; f++, n++) {
		if (worktree_copy_file(source, bd->src, *f) != 0) {
			msg_error("cannot refresh %s in %s", *f, bd->src);
			source_record_list_free(stale);
			return -1;
		}
	}
	source_record_list_free(stale);
	bd->how = xasprintf("out/ from %s, %zu changed file(s) to rebuild from", from, n);
	return 0;
}

int build_dir_enter(const char *base, const char *flavour, const char *other,
		    const char *pristine, const char *source, const char *log,
		    struct build_dir *bd)
{
	memset(bd, 0, sizeof(*bd));
	bd->src = fs_join(base, "src");
	bd->out = fs_join(base, "out");
	char *dir = fs_join(base, flavour), *other_dir = fs_join(base, other);
	bd->kept = fs_join(dir, "out");
	char *other_out = fs_join(other_dir, "out"), *old_src = fs_join(dir, "src");
	int rc = -1;
	/* An out/ still in place was left by a build that died: nobody can say what it holds. The
	 * per-flavour src/ is the layout before the shared build directory. */
	if (fs_remove_tree(bd->out) != 0 || fs_remove_tree(old_src) != 0 || fs_mkdir_p(dir, 0755) != 0) {
		msg_error("cannot clear %s (log: %s)", bd->out, log);
		goto out;
	}
	bd->record = source_record_scan(pristine, source);
	if (!bd->record) {
		msg_error("cannot read the sources %s against %s", source, pristine);
		goto out;
	}
	if (worktree_clone(source, bd->src, log) != 0) {
		msg_error("cannot link %s to %s (log: %s)", source, bd->src, log);
		goto out;
	}
	if (fill_out(bd, other_out, source, log) != 0) {
		msg_error("cannot set up the build directory %s (log: %s)", bd->out, log);
		goto out;
	}
	rc = 0;
out:
	free(dir);
	free(other_dir);
	free(other_out);
	free(old_src);
	return rc;
}

int build_dir_leave(struct build_dir *bd, bool built)
{
	int rc = 0;
	if (built) {
		char *record_path = fs_join(bd->out, BUILD_DIR_RECORD);
		rc = fs_write_file_atomic(record_path, bd->record, strlen(bd->record));
		free(record_path);
	}
	if (fs_remove_tree(bd->kept) != 0 || rename(bd->out, bd->kept) != 0) {
		msg_error("cannot move %s back to %s", bd->out, bd->kept);
		rc = -1;
	}
	return rc;
}
