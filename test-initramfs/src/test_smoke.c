// SPDX-License-Identifier: GPL-2.0-only
/* Suite smoke: the guest and the test machinery work at all (passes on
 * vanilla and patched alike): mounts, identities, fork/exec/pipe, a module
 * load/unload and an autoload as root, loopback TCP. */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "autoload.h"
#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "loopback_tcp.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modules_state.h"

#define ECHO_ARG "--echo-child"
#define ECHO_TEXT "hb-echo"
#define SMOKE_MODULE_TRIGGER "packet"

static enum hb_verdict case_boot(const void *arg)
{
	static const char *const need[] = { "/proc/self/stat", "/sys/kernel", "/dev/console",
					    "/dev/null", "/dev/ptmx", "/dev/pts/ptmx", HB_RUN_DIR,
					    HB_MODPROBE_LOG };
	enum hb_verdict v = HB_PASS;
	struct utsname u;
	struct mod_db db;
	int rc;

	(void)arg;
	if (uname(&u) == 0)
		ktap_diag("kernel %s %s %s", u.sysname, u.release, u.machine);
	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		if (!hb_exists(need[i])) {
			ktap_diag("missing %s", need[i]);
			v = HB_FAIL;
		}
	}
	rc = mod_db_open(&db, NULL, NULL);
	if (rc < 0) {
		ktap_diag("%s/modules.dep: %s", db.dir, hb_errname(-rc));
		v = HB_FAIL;
	}
	return v;
}

/* 0 when the effective capability set is empty (want_caps 0) or not. */
static int check_caps(int want_caps)
{
	char buf[4096], *p;
	unsigned long long eff;

	if (hb_read_file("/proc/self/status", buf, sizeof(buf)) < 0)
		return EIO;
	p = strstr(buf, "CapEff:");
	if (!p || sscanf(p, "CapEff: %llx", &eff) != 1)
		return EINVAL;
	return (eff != 0) == want_caps ? 0 : EPERM;
}

static int unpriv_identity(const void *arg)
{
	(void)arg;
	if (getuid() != HB_UNPRIV_ID || geteuid() != HB_UNPRIV_ID || getgid() != HB_UNPRIV_ID ||
	    getgroups(0, NULL) != 0)
		return EINVAL;
	return check_caps(0);
}

static int userns_identity(const void *arg)
{
	(void)arg;
	if (geteuid() != 0 || getegid() != 0)
		return EINVAL;
	return check_caps(1);
}

static enum hb_verdict identity_as(enum hb_who who, int (*fn)(const void *))
{
	int rc = hb_run_as(who, fn, NULL, 10);

	ktap_diag("%s identity check -> %s", hb_who_name(who), hb_rc_name(rc));
	return rc == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_identity(const void *arg)
{
	(void)arg;
	return identity_as(HB_UNPRIV, unpriv_identity);
}

static enum hb_verdict case_userns_identity(const void *arg)
{
	(void)arg;
	return identity_as(HB_USERNS, userns_identity);
}

/* Child: exec ourselves in echo mode with stdout on the pipe. */
static int exec_echo(const void *arg)
{
	const int *pipefd = arg;

	if (dup2(pipefd[1], STDOUT_FILENO) < 0)
		return errno;
	close(pipefd[0]);
	execl("/proc/self/exe", "hb-smoke", ECHO_ARG, (char *)NULL);
	return errno;
}

static enum hb_verdict case_fork_exec_pipe(const void *arg)
{
	char buf[32] = "";
	int pipefd[2], rc;
	ssize_t n;

	(void)arg;
	if (pipe(pipefd) < 0) {
		ktap_diag("pipe: %s", hb_errname(errno));
		return HB_FAIL;
	}
	rc = hb_run_as(HB_ROOT, exec_echo, pipefd, 10);
	close(pipefd[1]);
	n = read(pipefd[0], buf, sizeof(buf) - 1);
	close(pipefd[0]);
	if (n > 0)
		buf[n] = '\0';
	ktap_diag("exec child -> %s, read \"%s\"", hb_rc_name(rc), buf);
	return rc == 0 && !strcmp(buf, ECHO_TEXT "\n") ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_module_load_unload(const void *arg)
{
	const struct hb_trigger *t = hb_trigger_find(SMOKE_MODULE_TRIGGER);
	struct mod_db db;
	int load = -ENOENT, unload = -ENOENT, after_load, after_unload;

	(void)arg;
	/* Root loads at the boot level (1 on the patched kernel, which allows it):
	 * the suite modules_restrict checks that level later, so nothing here changes it. */
	if (hb_autoload_unload(t) < 0)
		return HB_FAIL;
	if (mod_db_open(&db, NULL, NULL) == 0)
		load = mod_load_with_deps(&db, t->module, NULL);
	after_load = mod_is_loaded(t->module);
	if (after_load == 1)
		unload = mod_delete(t->module, 3000);
	after_unload = mod_is_loaded(t->module);
	ktap_diag("finit_module(%s) -> %s, loaded %d; delete_module -> %s, loaded %d", t->module,
		  hb_errname(-load), after_load, hb_errname(-unload), after_unload);
	return load == 0 && after_load == 1 && unload == 0 && after_unload == 0 ? HB_PASS
									      : HB_FAIL;
}

static enum hb_verdict case_root_autoload(const void *arg)
{
	const struct hb_trigger *t = hb_trigger_find(SMOKE_MODULE_TRIGGER);
	struct hb_autoload_obs obs;
	enum hb_verdict v = HB_FAIL;

	(void)arg;
	if (hb_autoload_unload(t) < 0)
		return HB_FAIL;
	if (hb_autoload_observe(t, HB_ROOT, &obs) == 0 && obs.loaded == 1 && obs.requests_named > 0)
		v = HB_PASS;
	if (hb_autoload_unload(t) < 0)
		v = HB_FAIL;
	return v;
}

static int tcp_child(const void *arg)
{
	int rc = hb_lo_up();

	(void)arg;
	if (rc) {
		ktap_diag("bringing lo up: %s", hb_errname(rc));
		return rc;
	}
	return hb_tcp_roundtrip();
}

static enum hb_verdict case_loopback_tcp(const void *arg)
{
	int rc = hb_run_as(HB_ROOT, tcp_child, NULL, 20);

	(void)arg;
	ktap_diag("lo up + TCP ping/pong on 127.0.0.1 -> %s", hb_rc_name(rc));
	return rc == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_modules_disabled(const void *arg)
{
	(void)arg;
	hb_disabled_check("smoke");
	return hb_disabled_ever_bad() ? HB_FAIL : HB_PASS;
}

static const struct hb_case cases[] = {
	{ "smoke_boot_environment", case_boot, NULL },
	{ "smoke_unpriv_identity", case_unpriv_identity, NULL },
	{ "smoke_userns_identity", case_userns_identity, NULL },
	{ "smoke_fork_exec_pipe", case_fork_exec_pipe, NULL },
	{ "smoke_module_load_unload", case_module_load_unload, NULL },
	{ "smoke_root_autoload_packet", case_root_autoload, NULL },
	{ "smoke_loopback_tcp", case_loopback_tcp, NULL },
	{ "smoke_modules_disabled_0", case_modules_disabled, NULL },
};

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], ECHO_ARG)) {
		puts(ECHO_TEXT);
		return 0;
	}
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
