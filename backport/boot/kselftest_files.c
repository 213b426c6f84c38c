// SPDX-License-Identifier: GPL-2.0-only
#include "kselftest_files.h"

#include "fsutil.h"
#include "initramfs.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYSCTL_SH "tools/testing/selftests/sysctl/sysctl.sh"

/* What sysctl.sh calls outside bash, as "guest path", "host path" pairs, and the package
 * of each host program. */
static const struct {
	const char *guest, *host, *package;
} tools[] = {
	{ "/usr/bin/bash", "/bin/bash-static", "bash-static" },
	{ "/usr/bin/perl", "/usr/bin/perl", "perl-base" },
	{ "/usr/bin/getconf", "/usr/bin/getconf", "libc-bin" },
	{ "/usr/bin/dd", "/bin/dd", "coreutils" },
	{ "/usr/bin/cat", "/bin/cat", "coreutils" },
	{ "/usr/bin/mktemp", "/bin/mktemp", "coreutils" },
	{ "/usr/bin/rm", "/bin/rm", "coreutils" },
	{ "/usr/bin/date", "/bin/date", "coreutils" },
	{ "/usr/bin/wc", "/usr/bin/wc", "coreutils" },
	{ "/usr/bin/dirname", "/usr/bin/dirname", "coreutils" },
	{ "/usr/bin/basename", "/usr/bin/basename", "coreutils" },
	{ "/usr/bin/id", "/usr/bin/id", "coreutils" },
	{ "/usr/bin/awk", "/usr/bin/awk", "mawk" },
	{ "/usr/bin/grep", "/bin/grep", "grep" },
	{ "/usr/bin/sed", "/bin/sed", "sed" },
	{ "/usr/bin/diff", "/usr/bin/diff", "diffutils" },
	{ "/usr/bin/which", "/usr/bin/which", "debianutils" },
	{ "/usr/bin/dmesg", "/bin/dmesg", "util-linux" },
};

/* nftw has no user pointer: whether the walk met the module it looks for. */
static struct {
	const char *name; /* "test_sysctl.ko" */
	bool found;
} walk;

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	if (type == FTW_F && strncmp(path + ftw->base, walk.name, strlen(walk.name)) == 0)
		walk.found = true;
	return walk.found;
}

static bool staged(const char *staging, const char *release, const char *module)
{
	char *root = xasprintf("%s/lib/modules/%s", staging, release);
	walk.name = module;
	walk.found = false;
	nftw(root, visit, 32, FTW_PHYS);
	free(root);
	return walk.found;
}

char *kselftest_lines(const char *tree, const char *staging, const char *release,
		      const char **package)
{
	*package = NULL;
	char *script = fs_join(tree, SYSCTL_SH);
	bool wanted = fs_exists(script) && staged(staging, release, "test_sysctl.ko");
	if (!wanted) {
		free(script);
		return strdup("");
	}
	const size_t n = sizeof(tools) / sizeof(tools[0]);
	const char *programs[2 * n + 1];
	for (size_t i = 0; i < n; i++) {
		programs[2 * i] = tools[i].guest;
		programs[2 * i + 1] = tools[i].host;
	}
	programs[2 * n] = NULL;
	const char *missing = NULL;
	char *lines = initramfs_host_programs(programs, &missing);
	for (size_t i = 0; !lines && missing && i < n; i++)
		if (strcmp(tools[i].host, missing) == 0)
			*package = tools[i].package;
	char *out = lines ? xasprintf("%sdir /hb/selftests 0755 0 0\n"
				      "dir /hb/selftests/sysctl 0755 0 0\n"
				      "file /hb/selftests/sysctl/sysctl.sh %s 0755 0 0\n",
				      lines, script)
			  : NULL;
	free(lines);
	free(script);
	return out;
}
