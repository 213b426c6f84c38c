// SPDX-License-Identifier: GPL-2.0-only
#include "privs.h"

#include <errno.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"

const char *hb_who_name(enum hb_who who)
{
	switch (who) {
	case HB_ROOT:
		return "root";
	case HB_UNPRIV:
		return "unpriv";
	case HB_USERNS:
		return "userns";
	case HB_ROOT_NOCAP:
		return "root-without-CAP_SYS_MODULE";
	case HB_CONTAINER:
		return "container";
	}
	return "?";
}

const char *hb_rc_name(int rc)
{
	switch (rc) {
	case HB_RC_EMPTY:
		return "no data";
	case HB_RC_SETUP:
		return "identity setup failed";
	case HB_RC_DIED:
		return "child killed";
	case HB_RC_FORK:
		return "fork/wait failed";
	}
	return hb_errname(rc);
}

static int drop_to_unpriv(void)
{
	const gid_t id = HB_UNPRIV_ID;

	if (setgroups(0, NULL) < 0) {
		ktap_diag("setgroups: %s", hb_errname(errno));
		return -1;
	}
	if (setresgid(id, id, id) < 0 || setresuid(id, id, id) < 0) {
		ktap_diag("setres[ug]id(%u): %s", id, hb_errname(errno));
		return -1;
	}
	/* setuid cleared "dumpable", which would make the files in /proc/self root-owned
	 * and the uid_map unwritable. */
	if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) < 0) {
		ktap_diag("PR_SET_DUMPABLE: %s", hb_errname(errno));
		return -1;
	}
	return 0;
}

static int write_proc_self(const char *file, const char *text)
{
	char path[64];
	int rc;

	snprintf(path, sizeof(path), "/proc/self/%s", file);
	rc = hb_write_str(path, text);
	if (rc < 0)
		ktap_diag("write %s: %s", path, hb_errname(-rc));
	return rc;
}

static int enter_userns(void)
{
	char map[32];

	if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET) < 0) {
		ktap_diag("unshare(CLONE_NEWUSER|CLONE_NEWNS|CLONE_NEWNET): %s", hb_errname(errno));
		return -1;
	}
	snprintf(map, sizeof(map), "0 %u 1\n", HB_UNPRIV_ID);
	if (write_proc_self("setgroups", "deny") < 0 ||
	    write_proc_self("uid_map", map) < 0 ||
	    write_proc_self("gid_map", map) < 0)
		return -1;
	if (geteuid() != 0) {
		ktap_diag("userns: euid is %u after mapping, not 0", geteuid());
		return -1;
	}
	return 0;
}

/* capget(2)/capset(2) as <linux/capability.h> has them (version 3: two 32-bit words per
 * set), spelled out so that the build needs no kernel headers. */
#define HB_CAP_VERSION_3 0x20080522
#define HB_CAP_SYS_MODULE 16

struct hb_cap_header {
	uint32_t version;
	int pid;
};

struct hb_cap_data {
	uint32_t effective, permitted, inheritable;
};

static int drop_sys_module(void)
{
	struct hb_cap_header h = { HB_CAP_VERSION_3, 0 };
	struct hb_cap_data d[2];
	const uint32_t bit = 1u << (HB_CAP_SYS_MODULE % 32);
	struct hb_cap_data *w = &d[HB_CAP_SYS_MODULE / 32];

	if (prctl(PR_CAPBSET_DROP, HB_CAP_SYS_MODULE, 0, 0, 0) < 0 ||
	    syscall(SYS_capget, &h, d) < 0) {
		ktap_diag("dropping CAP_SYS_MODULE: %s", hb_errname(errno));
		return -1;
	}
	w->effective &= ~bit;
	w->permitted &= ~bit;
	w->inheritable &= ~bit;
	if (syscall(SYS_capset, &h, d) < 0) {
		ktap_diag("capset without CAP_SYS_MODULE: %s", hb_errname(errno));
		return -1;
	}
	return 0;
}

/* The container's root: no CAP_SYS_MODULE, a mount and a network namespace of its own. */
static int enter_container(void)
{
	if (drop_sys_module() < 0)
		return -1;
	if (unshare(CLONE_NEWNS | CLONE_NEWNET) < 0) {
		ktap_diag("unshare(CLONE_NEWNS|CLONE_NEWNET): %s", hb_errname(errno));
		return -1;
	}
	return 0;
}

static int become(enum hb_who who)
{
	if (who == HB_ROOT)
		return 0;
	if (who == HB_ROOT_NOCAP)
		return drop_sys_module();
	if (who == HB_CONTAINER)
		return enter_container();
	if (drop_to_unpriv() < 0)
		return -1;
	if (who == HB_USERNS)
		return enter_userns();
	return 0;
}

int hb_run_as(enum hb_who who, int (*fn)(const void *arg), const void *arg,
	      unsigned timeout_s)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		ktap_diag("fork: %s", hb_errname(errno));
		return HB_RC_FORK;
	}
	if (pid == 0) {
		int rc;

		signal(SIGALRM, SIG_DFL);
		alarm(timeout_s);
		if (become(who) < 0) {
			fflush(stdout);
			_exit(HB_RC_SETUP);
		}
		rc = fn(arg);
		fflush(stdout);
		_exit(rc);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			ktap_diag("waitpid: %s", hb_errname(errno));
			return HB_RC_FORK;
		}
	}
	if (WIFSIGNALED(status)) {
		ktap_diag("%s child killed by signal %d (%s)%s", hb_who_name(who),
			  WTERMSIG(status), strsignal(WTERMSIG(status)),
			  WTERMSIG(status) == SIGALRM ? ": timed out" : "");
		return HB_RC_DIED;
	}
	return WEXITSTATUS(status);
}
