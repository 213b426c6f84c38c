// SPDX-License-Identifier: GPL-2.0-only
/* Suite kernel_tests: the kernel's own tests of the code the hardenings change, one case per
 * test, so that the driver can compare vanilla with patched case by case (a case ok on vanilla
 * and not ok on patched is a regression):
 *   - the KUnit suites the test config builds as modules (sysctl_test, the list tests;
 *     printf_kunit and scanf_kunit where the tree has them): each module is loaded once, at
 *     kernel.modules_restrict 1, its suites' results read from
 *     /sys/kernel/debug/kunit/SUITE/results; it stays loaded: a suite may leave a registration
 *     in its module's memory (6.12's sysctl_test leaves a table under /proc/sys/foo), which
 *     unloading would leave dangling and a second load would oops on;
 *   - test_printf and test_scanf where the tree has them instead, once, at 1 (their module
 *     init fails, so nothing stays loaded, and the kernel log says how many tests failed);
 *   - sysctl.sh, the kernel's own selftest of the sysctl interfaces (test_sysctl), one case
 *     per test of its ALL_TESTS list, once, at 1: the driver packs the tree's script and the
 *     Debian programs it calls (bash, perl, getconf, coreutils' dd, ...); the guest loads
 *     test_sysctl and runs `bash sysctl.sh -s NNNN` (exit 0 ok, 4 skip, else not ok, its
 *     output's end as diagnostics);
 *   - kmod.sh, the kernel's own selftest of request_module() and get_fs_type() (test_kmod),
 *     likewise, where the tree's TEST_KMOD is light enough to build (from 7.x: before, it
 *     selects XFS and Btrfs); with Debian's kmod as the kernel's modprobe while it runs (the
 *     recording /sbin/modprobe is put back after each test) and DEFAULT_KMOD_FS a filesystem
 *     module the staging holds (xfs where it is, else configfs);
 *   - the proc selftests (tools/testing/selftests/proc, which the driver builds static from
 *     the tree), one case per program, once, at 1, run as root as kselftest's runner does:
 *     exit 0 ok, 4 skip, else not ok;
 *   - the crypto self-tests, at 0 and at 1 (the level is what changes the crypto manager's
 *     requests): root binds AF_ALG to algorithms and templates of the staged modules (the
 *     crypto manager tests each new instance in its thread, with the requester's credentials
 *     on a patched kernel); every "alg: ... failed" line of the kernel log since boot fails the
 *     case, and /proc/crypto must show self-tests passed; the modules the binds loaded are
 *     unloaded again, for the level after it and the suites after this one.
 * A kernel without the sysctl runs each as it is. The cases are named kunit_sysctl_test,
 * test_printf, sysctl_sh_0001, kmod_sh_0001, proc_fd_001_lookup, level0_crypto_selftests, ...; a test the staging does not hold (another era's
 * name) is no case of this kernel. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "privs.h"
#include "hb_paths.h"
#include "kmsg.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modules_state.h"
#include "triggers.h"

#define KUNIT_DIR "/sys/kernel/debug/kunit"
#define RESULTS_MAX 65536
#define SUITES_MAX 16
#define CASES_MAX 96

/* The kernel's sysctl selftest and what it needs, as the driver packs them. */
#define SYSCTL_SH "/hb/selftests/sysctl/sysctl.sh"
#define SYSCTL_SH_MODULE "test_sysctl"
#define SYSCTL_SH_DIR "/proc/sys/debug/test_sysctl"
#define KMOD_SH "/hb/selftests/kmod/kmod.sh"
#define KMOD_SH_MODULE "test_kmod"
/* The real modprobe the driver packs for kmod.sh (Debian's kmod), and the guest's own. */
#define KMOD_MODPROBE "/usr/bin/modprobe"
#define GUEST_MODPROBE "/sbin/modprobe"
#define SELFTEST_LOG "/tmp/selftest.log"
#define SELFTEST_TIMEOUT_S 150
#define SELFTEST_ID_MAX 8
#define PROC_TESTS "/hb/selftests/proc"
#define PROC_NAME_MAX 48

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* The KUnit test modules, by the name kbuild gives them in each era. */
static const char *const kunit_modules[] = { "sysctl-test", "list-test", "printf_kunit",
					     "scanf_kunit", NULL };
/* The self-tests of lib/ that report in the kernel log (before they became KUnit suites). */
static const char *const selftest_modules[] = { "test_printf", "test_scanf", NULL };
/* Bound as root: the crypto manager instantiates and tests each one. */
static const struct {
	const char *type, *name;
} crypto_binds[] = { { "hash", "sha256" }, { "hash", "hmac(sha256)" },
		     { "skcipher", "cbc(aes)" }, { "hash", "hmac(md4)" } };

static struct mod_db db;

/* The kernel's selftest scripts the driver packs, each with the test module it drives: a case
 * per test of its list, named PREFIX_NNNN. sysctl.sh wants test_sysctl loaded first (until
 * LOADED_AT exists); kmod.sh loads test_kmod itself and wants the real modprobe as the
 * kernel's while it runs. */
struct selftest_script {
	const char *path, *module, *prefix, *loaded_at;
	int real_modprobe;
};
static const struct selftest_script scripts[] = {
	{ SYSCTL_SH, SYSCTL_SH_MODULE, "sysctl_sh", SYSCTL_SH_DIR, 0 },
	{ KMOD_SH, KMOD_SH_MODULE, "kmod_sh", NULL, 1 },
};

/* What a case runs: at LEVEL, the test ID of the selftest script SCRIPT (ID not empty), a
 * proc selftest (PROC not empty), the test module MODULE (KUnit's or a lib/ self-test), or,
 * with none of these, the crypto self-tests. */
struct ktest {
	int level;
	const char *module;
	int kunit;
	char id[SELFTEST_ID_MAX];
	char proc[PROC_NAME_MAX];
	const struct selftest_script *script;
};

/* kmod.sh's filesystem (DEFAULT_KMOD_FS=...), chosen in main(). */
static char kmod_fs_env[64];

/* The debugfs KUnit suites now present: their names into NAMES; returns how many. */
static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The names in folder DIR (not the dot ones), sorted, into NAMES: up to MAX rows of WIDTH
 * bytes (a longer name is left out); returns how many. */
static int dir_names(const char *dir, char *names, size_t width, int max)
{
	DIR *d = opendir(dir);
	int n = 0;

	for (struct dirent *e = d ? readdir(d) : NULL; e && n < max; e = readdir(d))
		if (e->d_name[0] != '.' && strlen(e->d_name) < width)
			strcpy(names + (size_t)n++ * width, e->d_name);
	if (d)
		closedir(d);
	qsort(names, (size_t)n, width, by_name);
	return n;
}

static int kunit_suites(char names[][HB_MOD_NAME_MAX], int max)
{
	return dir_names(KUNIT_DIR, names[0], HB_MOD_NAME_MAX, max);
}

/* A suite's results file: its verdict from the line "ok N NAME" or "not ok N NAME" without
 * indentation; each failed case (an indented "not ok") as a diagnostic. */
static enum hb_verdict kunit_verdict(const char *suite)
{
	static char text[RESULTS_MAX];
	char path[160];
	enum hb_verdict v = HB_FAIL;
	int seen = 0, cases_ok = 0, cases_bad = 0;

	snprintf(path, sizeof(path), "%s/%.63s/results", KUNIT_DIR, suite);
	if (hb_read_file(path, text, sizeof(text)) < 0) {
		ktap_diag("%s: cannot be read", path);
		return HB_FAIL;
	}
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		const char *t = l + strspn(l, " \t");
		int nested = t != l;

		if (!strncmp(t, "not ok ", 7)) {
			if (nested) {
				cases_bad++;
				ktap_diag("%s: %s", suite, t);
			} else {
				seen = 1;
				v = HB_FAIL;
			}
		} else if (!strncmp(t, "ok ", 3)) {
			if (nested) {
				cases_ok++;
			} else {
				seen = 1;
				v = strstr(t, "# SKIP") ? HB_SKIP : HB_PASS;
			}
		}
	}
	ktap_diag("KUnit suite %s: %d case(s) ok, %d not ok", suite, cases_ok, cases_bad);
	if (!seen)
		ktap_diag("%s holds no verdict of the suite", path);
	return seen ? v : HB_FAIL;
}

static int set_level(int level)
{
	long now;

	if (hb_restrict_get(&now) == -ENOENT)
		return 0; /* a kernel without the sysctl: as it is */
	return hb_restrict_set(level);
}

/* Loads a KUnit test module and judges every suite it added (all must pass); it stays. */
static enum hb_verdict run_kunit(const struct ktest *t)
{
	char before[SUITES_MAX][HB_MOD_NAME_MAX], after[SUITES_MAX][HB_MOD_NAME_MAX];
	enum hb_verdict v = HB_PASS;
	int n_before = kunit_suites(before, SUITES_MAX), n_after, rc, added = 0;

	rc = mod_load_with_deps(&db, t->module, NULL);
	n_after = kunit_suites(after, SUITES_MAX);
	if (rc < 0) {
		ktap_diag("loading %s: %s", t->module, hb_errname(-rc));
		return HB_FAIL;
	}
	for (int i = 0; i < n_after; i++) {
		if (mod_listed(before, n_before, after[i]))
			continue;
		enum hb_verdict s = kunit_verdict(after[i]);
		if (s == HB_FAIL || (s == HB_SKIP && v == HB_PASS))
			v = s;
		added++;
	}
	if (!added) {
		ktap_diag("%s loaded, but no KUnit suite appeared in %s", t->module, KUNIT_DIR);
		v = HB_FAIL;
	}
	return v;
}

/* test_printf and test_scanf: their init fails when a test failed, and the kernel log says
 * "NAME: all N tests passed" or "NAME: failed M out of N tests". */
static enum hb_verdict run_selftest(const struct ktest *t)
{
	const char *const passed[] = { t->module, ": all ", " passed", NULL };
	int fd = hb_kmsg_mark(), rc, lines;

	if (fd < 0) {
		ktap_diag("%s: %s", HB_KMSG, hb_errname(-fd));
		return HB_FAIL;
	}
	rc = mod_load_with_deps(&db, t->module, NULL);
	lines = hb_kmsg_count(fd, passed, 1);
	close(fd);
	if (rc < 0)
		ktap_diag("loading %s: %s (a failed test fails its init)", t->module,
			  hb_errname(-rc));
	if (rc == 0 && mod_delete(t->module, 3000) < 0)
		ktap_diag("cannot unload %s", t->module);
	return rc == 0 && lines == 1 ? HB_PASS : HB_FAIL;
}

/* The crypto self-tests: root binds AF_ALG to algorithms and templates (the crypto manager
 * tests each new algorithm and instance), then no "alg: ... failed" line in the kernel log
 * since boot, and /proc/crypto shows self-tests passed. */
static enum hb_verdict run_crypto(const struct ktest *t)
{
	const char *const failed[] = { "alg: ", "failed", NULL };
	static char text[RESULTS_MAX];
	int bound = 0, fd, bad, passed = 0, entries = 0;
	const size_t n_binds = sizeof(crypto_binds) / sizeof(crypto_binds[0]);

	static char before[HB_MODULES_MAX][HB_MOD_NAME_MAX], after[HB_MODULES_MAX][HB_MOD_NAME_MAX];
	int n_before = mod_loaded_names(before);

	(void)t;
	for (size_t i = 0; i < n_binds; i++) {
		struct hb_sockaddr_alg sa = { .salg_family = AF_ALG };
		int s = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

		if (s < 0) {
			ktap_diag("socket(AF_ALG): %s", hb_errname(errno));
			return HB_FAIL;
		}
		snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", crypto_binds[i].type);
		snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", crypto_binds[i].name);
		if (bind(s, (struct sockaddr *)&sa, sizeof(sa)) == 0)
			bound++;
		else
			ktap_diag("bind(%s %s): %s", crypto_binds[i].type, crypto_binds[i].name,
				  hb_errname(errno));
		close(s);
	}
	/* the whole buffer: the self-tests of the algorithms built in ran at boot */
	fd = open(HB_KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	bad = fd < 0 ? -errno : hb_kmsg_count(fd, failed, 10);
	if (fd >= 0)
		close(fd);
	if (hb_read_file("/proc/crypto", text, sizeof(text)) >= 0)
		for (const char *p = text; (p = strstr(p, "\nselftest")) != NULL; p++) {
			const char *colon = strchr(p, ':');
			entries++;
			passed += colon && !strncmp(colon, ": passed", 8);
		}
	ktap_diag("crypto: %d of %zu binds made, %d \"alg: ... failed\" line(s); /proc/crypto: "
		  "%d of %d self-tests passed", bound, n_binds, bad, passed, entries);
	mod_unload_new(before, n_before, after, mod_loaded_names(after));
	/* a bind the tree refuses (7.x's hmac over md4) tests nothing: the others still do */
	return bad == 0 && bound > 0 && passed > 0 ? HB_PASS : HB_FAIL;
}

/* The test IDs of a selftest script's ALL_TESTS="NNNN:..." and ALL_TESTS="$ALL_TESTS
 * NNNN:..." lines (sysctl.sh and kmod.sh write them so), into IDS; how many. */
static int script_ids(const char *script, char ids[][SELFTEST_ID_MAX], int max)
{
	static char text[RESULTS_MAX];
	int n = 0;

	if (hb_read_file(script, text, sizeof(text)) < 0)
		return 0;
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && n < max;
	     l = strtok_r(NULL, "\n", &save)) {
		const char *p = l;

		if (strncmp(p, "ALL_TESTS=\"", 11) != 0)
			continue;
		p += 11;
		if (!strncmp(p, "$ALL_TESTS ", 11))
			p += 11;
		if (strspn(p, "0123456789") == 4 && p[4] == ':')
			snprintf(ids[n++], SELFTEST_ID_MAX, "%.4s", p);
	}
	return n;
}

/* In the child, as root: the selftest T (SCRIPT -s ID, or a proc selftest), its output
 * into SELFTEST_LOG, with the Debian programs the driver packed first on the PATH. */
static int exec_selftest(const void *arg)
{
	const struct ktest *t = arg;
	char *const envp[] = { "PATH=/usr/bin:/bin:/sbin", "HOME=/", "LC_ALL=C", kmod_fs_env,
			       NULL };
	int fd = open(SELFTEST_LOG, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	char path[sizeof(PROC_TESTS) + PROC_NAME_MAX + 1];

	if (t->id[0])
		snprintf(path, sizeof(path), "%.*s",
			 (int)(strrchr(t->script->path, '/') - t->script->path), t->script->path);
	if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 ||
	    chdir(t->id[0] ? path : PROC_TESTS) < 0)
		return errno ? errno : EIO;
	if (t->id[0]) {
		execle("/usr/bin/bash", "bash", t->script->path, "-s", t->id, (char *)NULL, envp);
		snprintf(path, sizeof(path), "/usr/bin/bash");
	} else {
		snprintf(path, sizeof(path), "%s/%s", PROC_TESTS, t->proc);
		execle(path, t->proc, (char *)NULL, envp);
	}
	dprintf(2, "exec %s: %s\n", path, hb_errname(errno));
	return 127;
}

/* The last LINES lines of SELFTEST_LOG as diagnostics; its last non-empty line into LAST. */
static void selftest_log_tail(int lines, char *last, size_t len)
{
	static char text[RESULTS_MAX];
	int n = hb_read_file(SELFTEST_LOG, text, sizeof(text)), count = 0;
	char *start = text;

	if (last)
		snprintf(last, len, "no output");
	if (n <= 0)
		return;
	for (char *p = text + strlen(text); p > text; p--)
		if (p[-1] == '\n' && p[0] && ++count > lines) {
			start = p;
			break;
		}
	for (char *save = NULL, *l = strtok_r(start, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		if (*l && last)
			snprintf(last, len, "%s", l);
		if (lines > 0)
			ktap_diag("| %s", l);
	}
}

/* One selftest: a test of sysctl.sh, with test_sysctl loaded first (it stays: its tables
 * are its own), a test of kmod.sh with the real modprobe as the kernel's while it runs, or a
 * proc selftest. */
static enum hb_verdict run_selftest_program(const struct ktest *t)
{
	int real_modprobe = t->id[0] && t->script->real_modprobe;
	char last[200];
	int rc;

	if (t->id[0] && t->script->loaded_at && !hb_exists(t->script->loaded_at) &&
	    (rc = mod_load_with_deps(&db, t->script->module, NULL)) < 0) {
		ktap_diag("loading %s: %s", t->script->module, hb_errname(-rc));
		return HB_FAIL;
	}
	if (real_modprobe && hb_write_str(HB_SYSCTL_MODPROBE, KMOD_MODPROBE) < 0) {
		ktap_diag("cannot set %s to %s", HB_SYSCTL_MODPROBE, KMOD_MODPROBE);
		return HB_FAIL;
	}
	rc = hb_run_as(HB_ROOT, exec_selftest, t, SELFTEST_TIMEOUT_S);
	if (real_modprobe && hb_write_str(HB_SYSCTL_MODPROBE, GUEST_MODPROBE) < 0) {
		ktap_diag("cannot set %s back to %s", HB_SYSCTL_MODPROBE, GUEST_MODPROBE);
		return HB_FAIL;
	}
	if (rc == 0)
		return HB_PASS;
	if (rc == 4) { /* kselftest's skip */
		selftest_log_tail(0, last, sizeof(last));
		ktap_skip_reason("%s", last);
		return HB_SKIP;
	}
	ktap_diag("%s%s%s%s: %s", t->id[0] ? strrchr(t->script->path, '/') + 1 : "",
		  t->id[0] ? " -s " : "", t->id, t->proc,
		  rc == HB_RC_DIED ? "killed" : "exit status not 0");
	selftest_log_tail(15, NULL, 0);
	return HB_FAIL;
}

static enum hb_verdict run_case(const void *arg)
{
	const struct ktest *t = arg;
	enum hb_verdict v;

	if (set_level(t->level) < 0) {
		ktap_diag("cannot set kernel.modules_restrict=%d", t->level);
		return HB_FAIL;
	}
	v = t->id[0] || t->proc[0] ? run_selftest_program(t) : !t->module ? run_crypto(t)
		: t->kunit ? run_kunit(t) : run_selftest(t);
	return v;
}

static enum hb_verdict case_restored(const void *arg)
{
	const long *boot_level = arg;

	if (*boot_level < 0) {
		ktap_skip_reason("no kernel.modules_restrict");
		return HB_SKIP;
	}
	return hb_restrict_set(*boot_level) == 0 ? HB_PASS : HB_FAIL;
}

int main(int argc, char **argv)
{
	static struct ktest tests[CASES_MAX];
	static struct hb_case list[CASES_MAX + 1];
	static long boot_level = -1;
	size_t n = 0, nt = 0;
	struct mod_dep dep;

	if (hb_restrict_get(&boot_level) < 0)
		boot_level = -1;
	/* debugfs, where KUnit puts each suite's results */
	mkdir("/sys/kernel/debug", 0755);
	if (mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL) < 0 && errno != EBUSY)
		fprintf(stderr, "mount debugfs: %s\n", hb_errname(errno));
	int db_ok = mod_db_open(&db, NULL, NULL) == 0;
	/* The cases, in this order: the proc selftests the driver packed, then sysctl.sh, each
	 * before a test module can leave a table behind (6.12's sysctl_test leaves /proc/sys/foo
	 * pointing into a stack frame long gone, and reading it oopses); then the test modules
	 * this kernel's staging holds (a module of another era's name is no case here), once,
	 * at 1; then the crypto self-tests at each level. */
	static char procs[CASES_MAX][PROC_NAME_MAX];
	int n_procs = dir_names(PROC_TESTS, procs[0], PROC_NAME_MAX, CASES_MAX);
	for (int i = 0; i < n_procs && nt < CASES_MAX - 2; i++) {
		tests[nt] = (struct ktest){ .level = 1 };
		snprintf(tests[nt].proc, sizeof(tests[nt].proc), "%.47s", procs[i]);
		snprintf(list[n].name, sizeof(list[n].name), "proc_%.47s", procs[i]);
		for (char *c = list[n].name; *c; c++)
			*c = *c == '-' ? '_' : *c;
		list[n].run = run_case;
		list[n++].arg = &tests[nt++];
	}
	/* sysctl.sh and kmod.sh where the driver packed them and the staging holds the test
	 * module each drives */
	static char ids[CASES_MAX][SELFTEST_ID_MAX];
	snprintf(kmod_fs_env, sizeof(kmod_fs_env), "DEFAULT_KMOD_FS=%s",
		 db_ok && mod_db_dep(&db, "xfs", &dep) == 0 ? "xfs" : "configfs");
	for (size_t s = 0; s < sizeof(scripts) / sizeof(scripts[0]); s++) {
		int n_ids = db_ok && hb_exists(scripts[s].path) &&
					    mod_db_dep(&db, scripts[s].module, &dep) == 0
				    ? script_ids(scripts[s].path, ids, CASES_MAX)
				    : 0;
		for (int i = 0; i < n_ids && nt < CASES_MAX - 2; i++) {
			tests[nt] = (struct ktest){ .level = 1, .script = &scripts[s] };
			snprintf(tests[nt].id, sizeof(tests[nt].id), "%.4s", ids[i]);
			snprintf(list[n].name, sizeof(list[n].name), "%s_%.4s", scripts[s].prefix,
				 ids[i]);
			list[n].run = run_case;
			list[n++].arg = &tests[nt++];
		}
	}
	for (int kunit = 1; kunit >= 0; kunit--)
		for (const char *const *m = kunit ? kunit_modules : selftest_modules; *m; m++) {
			char name[HB_MOD_NAME_MAX];

			mod_name_normalize(*m, name, sizeof(name));
			if (!db_ok || mod_db_dep(&db, name, &dep) < 0 || nt >= CASES_MAX - 2)
				continue;
			tests[nt] = (struct ktest){ .level = 1, .module = *m, .kunit = kunit };
			snprintf(list[n].name, sizeof(list[n].name), "%s%s", kunit ? "kunit_" : "",
				 name);
			list[n].run = run_case;
			list[n++].arg = &tests[nt++];
		}
	for (int level = 0; level <= 1; level++) {
		tests[nt] = (struct ktest){ .level = level };
		snprintf(list[n].name, sizeof(list[n].name), "level%d_crypto_selftests", level);
		list[n].run = run_case;
		list[n++].arg = &tests[nt++];
	}
	snprintf(list[n].name, sizeof(list[n].name), "kernel_tests_level_restored");
	list[n].run = case_restored;
	list[n++].arg = &boot_level;
	return ktap_suite_main(argc, argv, list, n);
}
