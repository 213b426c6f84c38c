// SPDX-License-Identifier: GPL-2.0-only
#include "initramfs.h"

#include "fsutil.h"
#include "spawn.h"

#include <ftw.h>
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
