// SPDX-License-Identifier: GPL-2.0-only
#include "kselftest_files.h"

#include "fsutil.h"
#include "initramfs.h"
#include "spawn.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The selftest scripts the guest runs, each with the test module it drives: packed where the
 * tree has the script and the staging the module. */
static const struct {
	const char *script, *module, *dir;
} scripts[] = {
	{ "tools/testing/selftests/sysctl/sysctl.sh", "test_sysctl", "sysctl" },
	{ "tools/testing/selftests/kmod/kmod.sh", "test_kmod", "kmod" },
};
#define PROC_TESTS "tools/testing/selftests/proc"

struct tool {
	const char *guest, *host, *package;
};

/* What the scripts call outside bash, as guest path, host path and the package of each. */
static const struct tool tools[] = {
	{ "/usr/bin/bash", "/bin/bash-static", "bash-static" },
	{ "/usr/bin/perl", "/usr/bin/perl", "perl-base" },
	{ "/usr/bin/getconf", "/usr/bin/getconf", "libc-bin" },
	{ "/usr/bin/dd", "/bin/dd", "coreutils" },
	{ "/usr/bin/cat", "/bin/cat", "coreutils" },
	{ "/usr/bin/head", "/usr/bin/head", "coreutils" },
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

/* And what kmod.sh calls besides: the real kmod tools (the guest makes /usr/bin/modprobe the
 * kernel's modprobe while the script runs) and capsh, which drops CAP_SYSLOG. */
static const struct tool kmod_tools[] = {
	{ "/usr/bin/kmod", "/bin/kmod", "kmod" },
	{ "/usr/bin/modprobe", "/bin/kmod", "kmod" },
	{ "/usr/bin/capsh", "/sbin/capsh", "libcap2-bin" },
};

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

/* Appends the N TOOLS to the NULL-ended guest, host pairs of PROGRAMS (room for them). */
static size_t add_tools(const char **programs, size_t at, const struct tool *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		programs[at++] = t[i].guest;
		programs[at++] = t[i].host;
	}
	programs[at] = NULL;
	return at;
}

/* The selftest scripts' lines and the programs they call ("" when the tree or the staging
 * lacks every script), or NULL as kselftest_lines(). */
static char *script_lines(const char *tree, const char *staging, const char *release,
			  const char **package)
{
	const size_t n_tools = sizeof(tools) / sizeof(tools[0]);
	const size_t n_kmod = sizeof(kmod_tools) / sizeof(kmod_tools[0]);
	const char *programs[2 * (n_tools + n_kmod) + 1];
	size_t at = 0;
	char *files = strdup("");
	for (size_t i = 0; i < sizeof(scripts) / sizeof(scripts[0]); i++) {
		char *script = fs_join(tree, scripts[i].script);
		if (fs_exists(script) && staged(staging, release, scripts[i].module)) {
			char *more = xasprintf("%sdir /hb/selftests/%s 0755 0 0\n"
					       "file /hb/selftests/%s/%s %s 0755 0 0\n",
					       files, scripts[i].dir, scripts[i].dir,
					       strrchr(scripts[i].script, '/') + 1, script);
			free(files);
			files = more;
			if (!at)
				at = add_tools(programs, at, tools, n_tools);
			if (strcmp(scripts[i].dir, "kmod") == 0) {
				at = add_tools(programs, at, kmod_tools, n_kmod);
				/* capsh's "--" runs /bin/bash, whatever the PATH */
				more = xasprintf("%sslink /bin/bash /usr/bin/bash 0777 0 0\n", files);
				free(files);
				files = more;
			}
		}
		free(script);
	}
	if (!at)
		return files;
	const char *missing = NULL;
	char *lines = initramfs_host_programs(programs, &missing);
	for (size_t j = 0; !lines && missing && j < n_tools + n_kmod; j++) {
		const struct tool *t = j < n_tools ? &tools[j] : &kmod_tools[j - n_tools];
		if (strcmp(t->host, missing) == 0)
			*package = t->package;
	}
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
