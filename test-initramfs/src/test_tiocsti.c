// SPDX-License-Identifier: GPL-2.0-only
/* Suite tiocsti: dev.tty.legacy_tiocsti, upstream's since 6.2 and the hardening
 * tiocsti_restrict's before it. A process whose controlling terminal is a pty pushes a
 * character into its input with ioctl(TIOCSTI): at 1 the unprivileged user can; at 0 it
 * fails with EIO for the unprivileged user and for root of a user namespace (no
 * CAP_SYS_ADMIN in the initial one), and root still can; the value reads back as written,
 * and the unprivileged user cannot write it. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "privs.h"

static long original = -1;

/* In a new session, a pty as the controlling terminal, then TIOCSTI of one character into
 * it: 0 or the errno of the failing call (HB_RC_SETUP-like codes stay below 200). */
static int push_char(const void *arg)
{
	char name[64], c = 'x';
	int master, slave, rc = 0;

	(void)arg;
	/* closing the controlling terminal hangs it up: the session leader's SIGHUP */
	signal(SIGHUP, SIG_IGN);
	if (setsid() < 0)
		return errno;
	master = open(HB_PTMX, O_RDWR | O_CLOEXEC);
	if (master < 0)
		return errno;
	if (unlockpt(master) < 0 || ptsname_r(master, name, sizeof(name)) != 0) {
		rc = errno;
		close(master);
		return rc;
	}
	/* the session leader's first terminal without O_NOCTTY: its controlling terminal */
	slave = open(name, O_RDWR | O_CLOEXEC);
	if (slave < 0) {
		rc = errno;
		close(master);
		return rc;
	}
	if (ioctl(slave, TIOCSTI, &c) < 0)
		rc = errno;
	close(slave);
	close(master);
	return rc;
}

static int set_legacy(long value)
{
	return hb_sysctl_set(HB_SYSCTL_LEGACY_TIOCSTI, value);
}

static enum hb_verdict case_present(const void *arg)
{
	int rc = hb_read_long(HB_SYSCTL_LEGACY_TIOCSTI, &original);

	(void)arg;
	if (rc < 0) {
		ktap_diag("%s: %s", HB_SYSCTL_LEGACY_TIOCSTI, hb_errname(-rc));
		original = -1;
		return HB_FAIL;
	}
	ktap_diag("dev.tty.legacy_tiocsti = %ld at the start of the suite", original);
	return HB_PASS;
}

/* WHO pushes a character at LEVEL: WANT is the errno expected (0: it works). */
static enum hb_verdict expect_push(long level, enum hb_who who, int want)
{
	int rc;

	if (original < 0 || set_legacy(level) < 0)
		return HB_FAIL;
	rc = hb_run_as(who, push_char, NULL, 10);
	ktap_diag("legacy_tiocsti=%ld: TIOCSTI on its controlling pty as %s -> %s (want %s)", level,
		  hb_who_name(who), hb_rc_name(rc), want ? hb_errname(want) : "success");
	return rc == want ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_at_1(const void *arg)
{
	(void)arg;
	return expect_push(1, HB_UNPRIV, 0);
}

static enum hb_verdict case_unpriv_at_0(const void *arg)
{
	(void)arg;
	return expect_push(0, HB_UNPRIV, EIO);
}

static enum hb_verdict case_userns_at_0(const void *arg)
{
	(void)arg;
	return expect_push(0, HB_USERNS, EIO);
}

static enum hb_verdict case_root_at_0(const void *arg)
{
	(void)arg;
	return expect_push(0, HB_ROOT, 0);
}

static enum hb_verdict case_value_survives(const void *arg)
{
	long v0 = -1, v1 = -1;

	(void)arg;
	if (original < 0 || set_legacy(0) < 0 || hb_read_long(HB_SYSCTL_LEGACY_TIOCSTI, &v0) < 0 ||
	    set_legacy(1) < 0 || hb_read_long(HB_SYSCTL_LEGACY_TIOCSTI, &v1) < 0)
		return HB_FAIL;
	ktap_diag("wrote 0, read %ld; wrote 1, read %ld", v0, v1);
	return v0 == 0 && v1 == 1 ? HB_PASS : HB_FAIL;
}

static int write_zero(const void *arg)
{
	int rc = hb_write_str(HB_SYSCTL_LEGACY_TIOCSTI, "0\n");

	(void)arg;
	return rc < 0 ? -rc : 0;
}

static enum hb_verdict case_unpriv_write_denied(const void *arg)
{
	long after = -1;
	int rc;

	(void)arg;
	if (original < 0 || set_legacy(1) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_UNPRIV, write_zero, NULL, 10);
	hb_read_long(HB_SYSCTL_LEGACY_TIOCSTI, &after);
	ktap_diag("unprivileged write of 0 -> %s; it reads %ld", hb_rc_name(rc), after);
	return (rc == EACCES || rc == EPERM) && after == 1 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_restored(const void *arg)
{
	(void)arg;
	return original >= 0 && set_legacy(original) == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "tiocsti_sysctl_present", case_present, NULL },
	{ "tiocsti_unpriv_pushes_at_1", case_unpriv_at_1, NULL },
	{ "tiocsti_unpriv_eio_at_0", case_unpriv_at_0, NULL },
	{ "tiocsti_userns_root_eio_at_0", case_userns_at_0, NULL },
	{ "tiocsti_root_pushes_at_0", case_root_at_0, NULL },
	{ "tiocsti_value_reads_back", case_value_survives, NULL },
	{ "tiocsti_unpriv_write_denied", case_unpriv_write_denied, NULL },
	{ "tiocsti_restored", case_restored, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
