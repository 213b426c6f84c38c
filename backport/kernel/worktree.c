// SPDX-License-Identifier: GPL-2.0-only
#include "worktree.h"

#include "fsutil.h"
#include "spawn.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int worktree_clone(const char *src, const char *dst, const char *log)
{
	struct spawn_opts o = { .log_path = log };
	if (fs_remove_tree(dst) != 0)
		return -1;
	char *parent = strdup(dst);
	*strrchr(parent, '/') = '\0';
	fs_mkdir_p(parent, 0755);
	free(parent);
	char *link_argv[] = { "cp", "-al", (char *)src, (char *)dst, NULL };
	if (spawn_run(link_argv, &o) != 0) {
		fs_remove_tree(dst);
		char *copy_argv[] = { "cp", "-a", (char *)src, (char *)dst, NULL };
		if (spawn_run(copy_argv, &o) != 0)
			return -1;
	}
	/* Directories are the copy's own: make them writable so files can be replaced. */
	char *chmod_argv[] = { "find", (char *)dst, "-type", "d", "-exec", "chmod", "u+w", "{}", "+",
			       NULL };
	return spawn_run(chmod_argv, &o) == 0 ? 0 : -1;
}

int worktree_patch(const char *tree, const char *patch_file, const char *log)
{
	struct spawn_opts o = { .log_path = log };
	char *argv[] = { "patch", "-p1", "--batch", "--forward", "--no-backup-if-mismatch",
			 "-d", (char *)tree, "-i", (char *)patch_file, NULL };
	return spawn_run(argv, &o) == 0 ? 0 : -1;
}

int worktree_replace(const char *tree, const char *file, const char *text)
{
	char *path = fs_join(tree, file);
	struct stat st;
	int had = stat(path, &st) == 0;
	int rc = fs_write_file_atomic(path, text, strlen(text));
	if (rc == 0 && had)
		rc = chmod(path, st.st_mode & 07777);
	free(path);
	return rc;
}

char **worktree_diff_files(const char *diff)
{
	char **files = calloc(1, sizeof(char *));
	size_t n = 0;
	for (const char *p = diff; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, "+++ b/", 6) != 0)
			continue;
		const char *name = p + 6;
		size_t len = strcspn(name, "\t\n");
		char *file = strndup(name, len);
		bool dup = false;
		for (size_t i = 0; i < n && !dup; i++)
			dup = strcmp(files[i], file) == 0;
		if (dup) {
			free(file);
			continue;
		}
		fs_list_add(&files, &n, file);
	}
	return files;
}

int worktree_copy_file(const char *from_tree, const char *to_tree, const char *file)
{
	char *from = fs_join(from_tree, file), *to = fs_join(to_tree, file);
	struct stat st;
	int rc;
	if (stat(from, &st) != 0) {
		rc = fs_remove_tree(to);
	} else {
		size_t len = 0;
		char *text = fs_read_file(from, &len);
		rc = text && fs_write_file_atomic(to, text, len) == 0 ? chmod(to, st.st_mode & 07777) : -1;
		free(text);
	}
	free(from);
	free(to);
	return rc;
}

char *worktree_text_diff(const char *file, const char *old_text, const char *new_text)
{
	char dir_tmpl[] = "/tmp/hb-diff-XXXXXX";
	if (!mkdtemp(dir_tmpl))
		return NULL;
	char *old_path = fs_join(dir_tmpl, "old"), *new_path = fs_join(dir_tmpl, "new");
	char *old_label = xasprintf("a/%s", file), *new_label = xasprintf("b/%s", file);
	char *out = NULL;
	if (fs_write_file_atomic(old_path, old_text, strlen(old_text)) == 0 &&
	    fs_write_file_atomic(new_path, new_text, strlen(new_text)) == 0) {
		char *argv[] = { "diff", "-u", "--label", old_label, "--label", new_label,
				 old_path, new_path, NULL };
		int st;
		out = spawn_capture(argv, NULL, &st);
		if (out && st > 1) {
			free(out);
			out = NULL;
		}
	}
	fs_remove_tree(dir_tmpl);
	free(old_path);
	free(new_path);
	free(old_label);
	free(new_label);
	return out;
}
