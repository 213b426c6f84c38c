// SPDX-License-Identifier: GPL-2.0-only
/* Suite io_uring: kernel.io_uring_disabled and kernel.io_uring_group, upstream's since 6.6
 * and the hardening io_uring_restrict's before it. io_uring_setup(2), by raw system call:
 * at 0 the unprivileged user makes a ring; at 1 it gets EPERM, and so does root of a user
 * namespace (CAP_SYS_ADMIN in its own namespace only), while a member of io_uring_group
 * and root (CAP_SYS_ADMIN) still make one; at 2 everybody gets EPERM, root included, and
 * a ring made before keeps working. Both values read back as written, io_uring_disabled
 * takes 0 to 2 only, and the unprivileged user can write neither. */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "privs.h"
#include "uring.h"

#define RING_ENTRIES 4
/* The group the suite names in kernel.io_uring_group; nobody else is in it. */
#define URING_GID 4242

static long orig_disabled = -1, orig_group = -1;

static int ring_setup(void)
{
	return hb_uring_setup(RING_ENTRIES);
}

/* In the child: makes a ring and closes it; 0 or the errno. */
static int make_ring(const void *arg)
{
	int fd = ring_setup();

	(void)arg;
	if (fd < 0)
		return -fd;
	close(fd);
	return 0;
}

/* In a child forked as root: uid and gid 65534 with URING_GID as its only supplementary
 * group (no capability left), then make_ring(). */
static int make_ring_in_group(const void *arg)
{
	const gid_t groups[1] = { URING_GID };
	const gid_t id = HB_UNPRIV_ID;

	if (setgroups(1, groups) < 0 || setresgid(id, id, id) < 0 || setresuid(id, id, id) < 0) {
		ktap_diag("uid %u in group %u: %s", id, URING_GID, hb_errname(errno));
		return HB_RC_SETUP;
	}
	return make_ring(arg);
}

static enum hb_verdict case_present(const void *arg)
{
	int rc1 = hb_read_long(HB_SYSCTL_IO_URING_DISABLED, &orig_disabled);
	int rc2 = hb_read_long(HB_SYSCTL_IO_URING_GROUP, &orig_group);

	(void)arg;
	if (rc1 < 0 || rc2 < 0) {
		ktap_diag("%s: %s; %s: %s", HB_SYSCTL_IO_URING_DISABLED,
			  rc1 < 0 ? hb_errname(-rc1) : "there", HB_SYSCTL_IO_URING_GROUP,
			  rc2 < 0 ? hb_errname(-rc2) : "there");
		orig_disabled = -1;
		return HB_FAIL;
	}
	ktap_diag("kernel.io_uring_disabled = %ld, kernel.io_uring_group = %ld at the start",
		  orig_disabled, orig_group);
	return orig_disabled == 0 && orig_group == -1 ? HB_PASS : HB_FAIL;
}

/* At io_uring_disabled LEVEL (and io_uring_group URING_GID), WHO (or, with IN_GROUP, a
 * member of that group) makes a ring: WANT is the errno expected, 0 for success. */
static enum hb_verdict expect_ring(long level, enum hb_who who, int in_group, int want)
{
	int rc;

	if (orig_disabled < 0 || hb_sysctl_set(HB_SYSCTL_IO_URING_GROUP, URING_GID) < 0 ||
	    hb_sysctl_set(HB_SYSCTL_IO_URING_DISABLED, level) < 0)
		return HB_FAIL;
	rc = in_group ? hb_run_as(HB_ROOT, make_ring_in_group, NULL, 10)
		      : hb_run_as(who, make_ring, NULL, 10);
	ktap_diag("io_uring_disabled=%ld io_uring_group=%d: io_uring_setup() as %s -> %s "
		  "(want %s)", level, URING_GID,
		  in_group ? "a member of io_uring_group" : hb_who_name(who), hb_rc_name(rc),
		  want ? hb_errname(want) : "success");
	return rc == want ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_at_0(const void *arg)
{
	(void)arg;
	return expect_ring(0, HB_UNPRIV, 0, 0);
}

static enum hb_verdict case_unpriv_at_1(const void *arg)
{
	(void)arg;
	return expect_ring(1, HB_UNPRIV, 0, EPERM);
}

static enum hb_verdict case_userns_at_1(const void *arg)
{
	(void)arg;
	return expect_ring(1, HB_USERNS, 0, EPERM);
}

static enum hb_verdict case_group_at_1(const void *arg)
{
	(void)arg;
	return expect_ring(1, HB_UNPRIV, 1, 0);
}

static enum hb_verdict case_root_at_1(const void *arg)
{
	(void)arg;
	return expect_ring(1, HB_ROOT, 0, 0);
}

static enum hb_verdict case_unpriv_at_2(const void *arg)
{
	(void)arg;
	return expect_ring(2, HB_UNPRIV, 0, EPERM);
}

static enum hb_verdict case_group_at_2(const void *arg)
{
	(void)arg;
	return expect_ring(2, HB_UNPRIV, 1, EPERM);
}

static enum hb_verdict case_root_at_2(const void *arg)
{
	(void)arg;
	return expect_ring(2, HB_ROOT, 0, EPERM);
}

/* A ring made at 0 still takes io_uring_enter() at 2: the switch refuses new rings only. */
static enum hb_verdict case_ring_survives(const void *arg)
{
	int fd, rc = 0;

	(void)arg;
	if (orig_disabled < 0 || hb_sysctl_set(HB_SYSCTL_IO_URING_DISABLED, 0) < 0)
		return HB_FAIL;
	fd = ring_setup();
	if (fd < 0) {
		ktap_diag("io_uring_setup() at 0: %s", hb_errname(-fd));
		return HB_FAIL;
	}
	if (hb_sysctl_set(HB_SYSCTL_IO_URING_DISABLED, 2) == 0)
		rc = -hb_uring_enter_nothing(fd);
	close(fd);
	ktap_diag("a ring made at 0, io_uring_enter() at 2 -> %s",
		  rc ? hb_errname(rc) : "success");
	return rc == 0 ? HB_PASS : HB_FAIL;
}

/* Writing TEXT to io_uring_disabled fails with EINVAL and leaves it at 1. */
static enum hb_verdict expect_out_of_range(const char *text)
{
	long after = -1;
	int rc;

	if (orig_disabled < 0 || hb_sysctl_set(HB_SYSCTL_IO_URING_DISABLED, 1) < 0)
		return HB_FAIL;
	rc = hb_write_str(HB_SYSCTL_IO_URING_DISABLED, text);
	hb_read_long(HB_SYSCTL_IO_URING_DISABLED, &after);
	ktap_diag("root writes %.*s to io_uring_disabled -> %s; it reads %ld",
		  (int)strcspn(text, "\n"), text, rc < 0 ? hb_errname(-rc) : "success", after);
	return rc == -EINVAL && after == 1 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_3_einval(const void *arg)
{
	(void)arg;
	return expect_out_of_range("3\n");
}

static enum hb_verdict case_minus_1_einval(const void *arg)
{
	(void)arg;
	return expect_out_of_range("-1\n");
}

static int write_path(const void *arg)
{
	const char *const *pv = arg;
	int rc = hb_write_str(pv[0], pv[1]);

	return rc < 0 ? -rc : 0;
}

/* The unprivileged user writes TEXT to PATH: refused, and PATH still reads KEEP. */
static enum hb_verdict expect_write_denied(const char *path, const char *text, long keep)
{
	const char *pv[2] = { path, text };
	long after = -1;
	int rc;

	if (orig_disabled < 0 || hb_sysctl_set(path, keep) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_UNPRIV, write_path, pv, 10);
	hb_read_long(path, &after);
	ktap_diag("unprivileged write of %.*s to %s -> %s; it reads %ld",
		  (int)strcspn(text, "\n"), text, path, hb_rc_name(rc), after);
	return (rc == EACCES || rc == EPERM) && after == keep ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_write_disabled(const void *arg)
{
	(void)arg;
	return expect_write_denied(HB_SYSCTL_IO_URING_DISABLED, "0\n", 2);
}

static enum hb_verdict case_unpriv_write_group(const void *arg)
{
	(void)arg;
	return expect_write_denied(HB_SYSCTL_IO_URING_GROUP, "65534\n", URING_GID);
}

static enum hb_verdict case_restored(const void *arg)
{
	(void)arg;
	return orig_disabled >= 0 && hb_sysctl_set(HB_SYSCTL_IO_URING_GROUP, orig_group) == 0 &&
			       hb_sysctl_set(HB_SYSCTL_IO_URING_DISABLED, orig_disabled) == 0
		       ? HB_PASS
		       : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "io_uring_sysctls_present", case_present, NULL },
	{ "io_uring_unpriv_setup_at_0", case_unpriv_at_0, NULL },
	{ "io_uring_unpriv_eperm_at_1", case_unpriv_at_1, NULL },
	{ "io_uring_userns_root_eperm_at_1", case_userns_at_1, NULL },
	{ "io_uring_group_member_setup_at_1", case_group_at_1, NULL },
	{ "io_uring_root_setup_at_1", case_root_at_1, NULL },
	{ "io_uring_unpriv_eperm_at_2", case_unpriv_at_2, NULL },
	{ "io_uring_group_member_eperm_at_2", case_group_at_2, NULL },
	{ "io_uring_root_eperm_at_2", case_root_at_2, NULL },
	{ "io_uring_ring_made_before_works_at_2", case_ring_survives, NULL },
	{ "io_uring_disabled_3_einval", case_3_einval, NULL },
	{ "io_uring_disabled_minus_1_einval", case_minus_1_einval, NULL },
	{ "io_uring_unpriv_write_disabled_denied", case_unpriv_write_disabled, NULL },
	{ "io_uring_unpriv_write_group_denied", case_unpriv_write_group, NULL },
	{ "io_uring_restored", case_restored, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
