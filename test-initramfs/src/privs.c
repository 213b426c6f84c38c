#include "privs.h"

#include <errno.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
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

	if (unshare(CLONE_NEWUSER | CLONE_NEWNS) < 0) {
		ktap_diag("unshare(CLONE_NEWUSER|CLONE_NEWNS): %s", hb_errname(errno));
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

static int become(enum hb_who who)
{
	if (who == HB_ROOT)
		return 0;
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
