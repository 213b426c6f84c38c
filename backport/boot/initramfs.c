// SPDX-License-Identifier: GPL-2.0-only
#include "initramfs.h"

#include "fsutil.h"
#include "spawn.h"

#include <ftw.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* nftw has no user pointer: the walk's state lives here for its duration. */
static struct {
	char *text;
	size_t len;
	size_t root_len; /* length of STAGING, stripped from paths */
} walk;

static void add_line(const char *line)
{
	size_t n = strlen(line);
	walk.text = xrealloc(walk.text, walk.len + n + 1);
	memcpy(walk.text + walk.len, line, n + 1);
	walk.len += n;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	const char *guest = path + walk.root_len; /* "/lib/modules/..." */
	char *line = NULL;
	if (type == FTW_D)
		line = xasprintf("dir %s 0755 0 0\n", guest);
	else if (type == FTW_F && S_ISREG(st->st_mode))
		line = xasprintf("file %s %s 0644 0 0\n", guest, path);
	if (line) {
		add_line(line);
		free(line);
	}
	return 0;
}

char *initramfs_module_lines(const char *staging, const char *release)
{
	char *root = xasprintf("%s/lib/modules/%s", staging, release);
	walk.text = strdup("");
	walk.len = 0;
	walk.root_len = strlen(staging);
	nftw(root, visit, 32, FTW_PHYS);
	free(root);
	char *out = walk.text;
	walk.text = NULL;
	return out;
}

/* Adds ITEM (a copy) to LIST unless it is there. */
static void add_once(char ***list, size_t *n, const char *item)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*list)[i], item) == 0)
			return;
	fs_list_add(list, n, strdup(item));
}

/* Adds every folder above the file PATH ("/usr/lib/x/libc.so.6": /usr, /usr/lib,
 * /usr/lib/x) to DIRS. */
static void add_folders(char ***dirs, size_t *n, const char *path)
{
	char *p = strdup(path);
	for (char *slash = strchr(p + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		add_once(dirs, n, p);
		*slash = '/';
	}
	free(p);
}

/* The shared libraries ldd lists for HOST (none for a static program) into LIBS; false when
 * ldd cannot read it. */
static bool add_libraries(const char *host, char ***libs, size_t *n)
{
	char *argv[] = { "ldd", (char *)host, NULL };
	int status = -1;
	char *out = spawn_capture(argv, NULL, &status);
	if (!out)
		return false;
	/* a static program or a script: ldd says "not a dynamic executable" on stderr, exit 1 */
	bool ok = status == 0 || out[strspn(out, " \t\n")] == '\0';
	for (char *save = NULL, *l = strtok_r(out, "\n", &save); ok && l;
	     l = strtok_r(NULL, "\n", &save)) {
		char *path = strstr(l, "=> ") ? strstr(l, "=> ") + 3 : l;
		path += strspn(path, " \t");
		if (*path != '/')
			continue; /* linux-vdso.so.1 */
		path[strcspn(path, " \t(")] = '\0';
		add_once(libs, n, path);
	}
	free(out);
	return ok;
}

char *initramfs_host_programs(const char *const *programs, const char **missing)
{
	char **dirs = calloc(1, sizeof(char *)), **files = calloc(1, sizeof(char *));
	size_t n_dirs = 0, n_files = 0;
	char *text = strdup("");
	*missing = NULL;
	for (const char *const *p = programs; *p && !*missing; p += 2) {
		char real[PATH_MAX];
		if (!realpath(p[1], real) || !add_libraries(real, &files, &n_files)) {
			*missing = p[1];
			break;
		}
		add_folders(&dirs, &n_dirs, p[0]);
		char *line = xasprintf("%sfile %s %s 0755 0 0\n", text, p[0], real);
		free(text);
		text = line;
	}
	for (size_t i = 0; i < n_files; i++)
		add_folders(&dirs, &n_dirs, files[i]);
	char *out = NULL;
	if (!*missing) {
		/* sorted, each folder comes before what it holds (its path is a prefix of theirs) */
		fs_sort_list(dirs, n_dirs);
		size_t len = 0;
		FILE *f = open_memstream(&out, &len);
		for (size_t i = 0; i < n_dirs; i++)
			fprintf(f, "dir %s 0755 0 0\n", dirs[i]);
		fputs(text, f);
		for (size_t i = 0; i < n_files; i++)
			fprintf(f, "file %s %s 0755 0 0\n", files[i], files[i]);
		fclose(f);
	}
	for (size_t i = 0; i < n_dirs; i++)
		free(dirs[i]);
	for (size_t i = 0; i < n_files; i++)
		free(files[i]);
	free(dirs);
	free(files);
	free(text);
	return out;
}

int initramfs_pack(const char *gen_init_cpio, const char *guest_list, const char *extra,
		   const char *staging,
		   const char *release, const char *out_cpio, const char *log)
{
	char *guest = fs_read_file(guest_list, NULL);
	if (!guest)
		return -1;
	char *modules = initramfs_module_lines(staging, release);
	char *spec = xasprintf("%s\n%s%s", guest, extra ? extra : "", modules);
	char *spec_path = xasprintf("%s.list", out_cpio);
	int rc = fs_write_file_atomic(spec_path, spec, strlen(spec));
	if (rc == 0) {
		char *argv[] = { (char *)gen_init_cpio, spec_path, NULL };
		struct spawn_opts o = { .log_path = log, .stdout_path = out_cpio };
		rc = spawn_run(argv, &o) == 0 ? 0 : -1;
	}
	free(spec_path);
	free(spec);
	free(modules);
	free(guest);
	return rc;
}
