// SPDX-License-Identifier: GPL-2.0-only
/* Suite dmesg_restrict: kernel.dmesg_restrict (upstream in every tree, so
 * vanilla passes too). At 1 only CAP_SYSLOG reads the log (syslog(2) and
 * /dev/kmsg), at 0 anyone does; values other than 0/1 are refused. */
#include <errno.h>
#include <fcntl.h>
#include <sys/klog.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "privs.h"

#define SYSLOG_ACTION_READ_ALL 3

static long original = -1;

static int read_syslog(const void *arg)
{
	static char buf[16384];
	int n = klogctl(SYSLOG_ACTION_READ_ALL, buf, sizeof(buf));

	(void)arg;
	if (n < 0)
		return errno;
	return n == 0 ? HB_RC_EMPTY : 0;
}

static int read_kmsg(const void *arg)
{
	char buf[8192];
	ssize_t n;
	int fd = open(HB_KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	(void)arg;
	if (fd < 0)
		return errno;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0)
		return errno;
	return n == 0 ? HB_RC_EMPTY : 0;
}

static int write_restrict_1(const void *arg)
{
	int rc = hb_write_str(HB_SYSCTL_DMESG_RESTRICT, "1\n");

	(void)arg;
	return rc < 0 ? -rc : 0;
}

/* Runs fn as who with dmesg_restrict at level; passes if it returns want. */
static enum hb_verdict expect_at(long level, enum hb_who who, int (*fn)(const void *),
				 const char *what, int want)
{
	int rc;

	if (hb_sysctl_set(HB_SYSCTL_DMESG_RESTRICT, level) < 0)
		return HB_FAIL;
	rc = hb_run_as(who, fn, NULL, 10);
	ktap_diag("dmesg_restrict=%ld: %s %s -> %s (want %s)", level, hb_who_name(who), what,
		  hb_rc_name(rc), hb_rc_name(want));
	return rc == want ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_present(const void *arg)
{
	int rc = hb_read_long(HB_SYSCTL_DMESG_RESTRICT, &original);

	(void)arg;
	if (rc < 0) {
		ktap_diag("%s: %s", HB_SYSCTL_DMESG_RESTRICT, hb_errname(-rc));
		return HB_FAIL;
	}
	ktap_diag("dmesg_restrict = %ld at boot", original);
	return original == 0 || original == 1 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_syslog_eperm(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_UNPRIV, read_syslog, "syslog(READ_ALL)", EPERM);
}

static enum hb_verdict case_unpriv_kmsg_eperm(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_UNPRIV, read_kmsg, "open+read /dev/kmsg", EPERM);
}

static enum hb_verdict case_userns_syslog_eperm(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_USERNS, read_syslog, "syslog(READ_ALL)", EPERM);
}

static enum hb_verdict case_root_syslog(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_ROOT, read_syslog, "syslog(READ_ALL)", 0);
}

static enum hb_verdict case_root_kmsg(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_ROOT, read_kmsg, "open+read /dev/kmsg", 0);
}

static enum hb_verdict case_0_unpriv_syslog(const void *arg)
{
	(void)arg;
	return expect_at(0, HB_UNPRIV, read_syslog, "syslog(READ_ALL)", 0);
}

static enum hb_verdict case_0_unpriv_kmsg(const void *arg)
{
	(void)arg;
	return expect_at(0, HB_UNPRIV, read_kmsg, "open+read /dev/kmsg", 0);
}

static enum hb_verdict case_write_2_einval(const void *arg)
{
	long now = -1;
	int rc;

	(void)arg;
	if (hb_sysctl_set(HB_SYSCTL_DMESG_RESTRICT, 0) < 0)
		return HB_FAIL;
	rc = hb_write_str(HB_SYSCTL_DMESG_RESTRICT, "2\n");
	hb_read_long(HB_SYSCTL_DMESG_RESTRICT, &now);
	ktap_diag("write 2 -> %s; reads %ld", hb_errname(-rc), now);
	return rc == -EINVAL && now == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_write_denied(const void *arg)
{
	long now = -1;
	int rc;

	(void)arg;
	if (hb_sysctl_set(HB_SYSCTL_DMESG_RESTRICT, 0) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_UNPRIV, write_restrict_1, NULL, 10);
	hb_read_long(HB_SYSCTL_DMESG_RESTRICT, &now);
	ktap_diag("unprivileged write 1 -> %s; reads %ld", hb_rc_name(rc), now);
	return (rc == EACCES || rc == EPERM) && now == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_restored(const void *arg)
{
	(void)arg;
	if (original != 0 && original != 1)
		return HB_FAIL;
	return hb_sysctl_set(HB_SYSCTL_DMESG_RESTRICT, original) == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "dmesg_restrict_sysctl_present", case_present, NULL },
	{ "dmesg_restrict_unpriv_syslog_eperm", case_unpriv_syslog_eperm, NULL },
	{ "dmesg_restrict_unpriv_kmsg_eperm", case_unpriv_kmsg_eperm, NULL },
	{ "dmesg_restrict_userns_syslog_eperm", case_userns_syslog_eperm, NULL },
	{ "dmesg_restrict_root_syslog_read", case_root_syslog, NULL },
	{ "dmesg_restrict_root_kmsg_read", case_root_kmsg, NULL },
	{ "dmesg_restrict_level0_unpriv_syslog_read", case_0_unpriv_syslog, NULL },
	{ "dmesg_restrict_level0_unpriv_kmsg_read", case_0_unpriv_kmsg, NULL },
	{ "dmesg_restrict_write_2_einval", case_write_2_einval, NULL },
	{ "dmesg_restrict_unpriv_write_denied", case_unpriv_write_denied, NULL },
	{ "dmesg_restrict_restored", case_restored, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
