// SPDX-License-Identifier: GPL-2.0-only
#include "kselftest_files.h"

#include "fsutil.h"
#include "initramfs.h"
#include "spawn.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The selftest scripts the guest runs, each with the test module it drives (packed where the
 * tree has the script and the staging the module), its folder under /hb/selftests, and what
 * else it needs in the initramfs. */
static const struct {
	const char *script, *module, *dir, *more_lines;
} scripts[] = {
	{ "tools/testing/selftests/sysctl/sysctl.sh", "test_sysctl", "sysctl", "" },
	/* capsh's "--" runs /bin/bash, whatever the PATH */
	{ "tools/testing/selftests/kmod/kmod.sh", "test_kmod", "kmod",
	  "slink /bin/bash /usr/bin/bash 0777 0 0\n" },
};
#define N_SCRIPTS (sizeof(scripts) / sizeof(scripts[0]))
#define PROC_TESTS "tools/testing/selftests/proc"

/* What the scripts call outside bash: guest path, host path, the package of the host program,
 * and the folder of the one script that needs it (NULL: every script). kmod.sh's are the real
 * kmod tools (the guest makes /usr/bin/modprobe the kernel's modprobe while it runs) and
 * capsh, which drops CAP_SYSLOG. */
static const struct {
	const char *guest, *host, *package, *only_for;
} tools[] = {
	{ "/usr/bin/bash", "/bin/bash-static", "bash-static", NULL },
	{ "/usr/bin/perl", "/usr/bin/perl", "perl-base", NULL },
	{ "/usr/bin/getconf", "/usr/bin/getconf", "libc-bin", NULL },
	{ "/usr/bin/dd", "/bin/dd", "coreutils", NULL },
	{ "/usr/bin/cat", "/bin/cat", "coreutils", NULL },
	{ "/usr/bin/head", "/usr/bin/head", "coreutils", NULL },
	{ "/usr/bin/mktemp", "/bin/mktemp", "coreutils", NULL },
	{ "/usr/bin/rm", "/bin/rm", "coreutils", NULL },
	{ "/usr/bin/date", "/bin/date", "coreutils", NULL },
	{ "/usr/bin/wc", "/usr/bin/wc", "coreutils", NULL },
	{ "/usr/bin/dirname", "/usr/bin/dirname", "coreutils", NULL },
	{ "/usr/bin/basename", "/usr/bin/basename", "coreutils", NULL },
	{ "/usr/bin/id", "/usr/bin/id", "coreutils", NULL },
	{ "/usr/bin/awk", "/usr/bin/awk", "mawk", NULL },
	{ "/usr/bin/grep", "/bin/grep", "grep", NULL },
	{ "/usr/bin/sed", "/bin/sed", "sed", NULL },
	{ "/usr/bin/diff", "/usr/bin/diff", "diffutils", NULL },
	{ "/usr/bin/which", "/usr/bin/which", "debianutils", NULL },
	{ "/usr/bin/dmesg", "/bin/dmesg", "util-linux", NULL },
	{ "/usr/bin/kmod", "/bin/kmod", "kmod", "kmod" },
	{ "/usr/bin/modprobe", "/bin/kmod", "kmod", "kmod" },
	{ "/usr/bin/capsh", "/sbin/capsh", "libcap2-bin", "kmod" },
};
#define N_TOOLS (sizeof(tools) / sizeof(tools[0]))

/* Whether the staging's modules.dep, which the guest loads modules by, lists MODULE
 * ("test_sysctl": kernel/lib/test_sysctl.ko, compressed or not). */
static bool staged(const char *staging, const char *release, const char *module)
{
	char *dep = xasprintf("%s/lib/modules/%s/modules.dep", staging, release);
	char *text = fs_read_file(dep, NULL);
	char *name = xasprintf("/%s.ko", module);
	bool found = false;
	for (const char *p = text; p && !found && (p = strstr(p, name)) != NULL; p++)
		found = p[strlen(name)] == ':' || p[strlen(name)] == '.';
	free(name);
	free(text);
	free(dep);
	return found;
}

/* The selftest scripts' lines and the programs they call ("" when the tree or the staging
 * lacks every script), or NULL as kselftest_lines(). */
static char *script_lines(const char *tree, const char *staging, const char *release,
			  const char **package)
{
	bool packed[N_SCRIPTS] = { false };
	bool any = false;
	char *files = strdup("");
	for (size_t i = 0; i < N_SCRIPTS; i++) {
		char *script = fs_join(tree, scripts[i].script);
		packed[i] = fs_exists(script) && staged(staging, release, scripts[i].module);
		if (packed[i]) {
			char *more = xasprintf("%sdir /hb/selftests/%s 0755 0 0\n"
					       "file /hb/selftests/%s/%s %s 0755 0 0\n%s",
					       files, scripts[i].dir, scripts[i].dir,
					       strrchr(scripts[i].script, '/') + 1, script,
					       scripts[i].more_lines);
			free(files);
			files = more;
			any = true;
		}
		free(script);
	}
	if (!any)
		return files;
	const char *programs[2 * N_TOOLS + 1];
	size_t at = 0;
	for (size_t t = 0; t < N_TOOLS; t++) {
		bool wanted = !tools[t].only_for;
		for (size_t i = 0; i < N_SCRIPTS && !wanted; i++)
			wanted = packed[i] && strcmp(tools[t].only_for, scripts[i].dir) == 0;
		if (wanted) {
			programs[at++] = tools[t].guest;
			programs[at++] = tools[t].host;
		}
	}
	programs[at] = NULL;
	const char *missing = NULL;
	char *lines = initramfs_host_programs(programs, &missing);
	for (size_t t = 0; !lines && missing && t < N_TOOLS; t++)
		if (strcmp(tools[t].host, missing) == 0)
			*package = tools[t].package;
	char *out = lines ? xasprintf("%s%s", lines, files) : NULL;
	free(lines);
	free(files);
	return out;
}

/* The programs the proc selftests' Makefile names (its TEST_GEN_PROGS), into *NAMES. */
static size_t proc_programs(const char *makefile, char ***names)
{
	char *text = fs_read_file(makefile, NULL);
	size_t n = 0;
	*names = calloc(1, sizeof(char *));
	for (char *save = NULL, *l = text ? strtok_r(text, "\n", &save) : NULL; l;
	     l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, "TEST_GEN_PROGS", 14) != 0)
			continue;
		char *v = strchr(l, '=');
		for (char *s2 = NULL, *w = v ? strtok_r(v + 1, " \t", &s2) : NULL; w;
		     w = strtok_r(NULL, " \t", &s2))
			if (*w != '$' && *w != '\\')
				fs_list_add(names, &n, strdup(w));
	}
	free(text);
	return n;
}

/* The proc selftests built static into BUILD_DIR/selftests/proc with the tree's Makefile
 * (the tree itself is not written: OUTPUT), as lines; "" when the tree has none. */
static char *proc_lines(const char *tree, const char *build_dir, int *left_out)
{
	char *src = fs_join(tree, PROC_TESTS), *makefile = fs_join(src, "Makefile");
	char *out_dir = xasprintf("%s/selftests/proc", build_dir);
	char *log = fs_join(build_dir, "selftests.log");
	char **names = NULL;
	size_t n = fs_exists(makefile) ? proc_programs(makefile, &names) : 0;
	char *lines = strdup("");
	if (n && fs_mkdir_p(out_dir, 0755) == 0) {
		char *output = xasprintf("OUTPUT=%s", out_dir);
		char *argv[] = { "make", "-k", "-s", "-C", src, output, "LDFLAGS=-pthread -static",
				 NULL };
		struct spawn_opts o = { .log_path = log };
		spawn_run(argv, &o); /* -k: what builds is packed, the rest counted below */
		free(output);
		free(lines);
		lines = strdup("dir /hb/selftests/proc 0755 0 0\n");
		for (size_t i = 0; i < n; i++) {
			char *bin = fs_join(out_dir, names[i]);
			if (fs_exists(bin)) {
				char *more = xasprintf("%sfile /hb/selftests/proc/%s %s 0755 0 0\n",
						       lines, names[i], bin);
				free(lines);
				lines = more;
			} else {
				(*left_out)++;
			}
			free(bin);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(log);
	free(out_dir);
	free(makefile);
	free(src);
	return lines;
}

char *kselftest_lines(const char *tree, const char *staging, const char *release,
		      const char *build_dir, int *left_out, const char **package)
{
	*package = NULL;
	*left_out = 0;
	char *sh = script_lines(tree, staging, release, package);
	if (!sh)
		return NULL;
	char *proc = proc_lines(tree, build_dir, left_out);
	char *out = *sh || *proc ? xasprintf("dir /hb/selftests 0755 0 0\n%s%s", sh, proc)
				 : strdup("");
	free(sh);
	free(proc);
	return out;
}
