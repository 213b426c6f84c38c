// SPDX-License-Identifier: GPL-2.0-only
/* Suite kallsyms: /proc/kallsyms is mode 0400, so only root reads it. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errname.h"
#include "hb_paths.h"
#include "ktap.h"
#include "privs.h"

static enum hb_verdict case_mode_0400(const void *arg)
{
	struct stat st;

	(void)arg;
	if (stat(HB_KALLSYMS, &st) < 0) {
		ktap_diag("stat %s: %s", HB_KALLSYMS, hb_errname(errno));
		return HB_FAIL;
	}
	ktap_diag("%s mode %04o uid %u", HB_KALLSYMS, st.st_mode & 07777, st.st_uid);
	return (st.st_mode & 07777) == 0400 && st.st_uid == 0 ? HB_PASS : HB_FAIL;
}

/* Opens and reads a little: 0, the errno of open/read, or HB_RC_EMPTY. */
static int open_and_read(const void *arg)
{
	char buf[256];
	ssize_t n;
	int fd = open(HB_KALLSYMS, O_RDONLY | O_CLOEXEC);

	(void)arg;
	if (fd < 0)
		return errno;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0)
		return errno;
	return n == 0 ? HB_RC_EMPTY : 0;
}

static enum hb_verdict open_eacces_as(enum hb_who who)
{
	int rc = hb_run_as(who, open_and_read, NULL, 10);

	ktap_diag("%s open+read of %s -> %s", hb_who_name(who), HB_KALLSYMS, hb_rc_name(rc));
	return rc == EACCES ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_eacces(const void *arg)
{
	(void)arg;
	return open_eacces_as(HB_UNPRIV);
}

static enum hb_verdict case_userns_eacces(const void *arg)
{
	(void)arg;
	return open_eacces_as(HB_USERNS);
}

static enum hb_verdict case_root_reads(const void *arg)
{
	int rc = hb_run_as(HB_ROOT, open_and_read, NULL, 10);

	(void)arg;
	ktap_diag("root open+read of %s -> %s", HB_KALLSYMS, hb_rc_name(rc));
	return rc == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "kallsyms_mode_0400", case_mode_0400, NULL },
	{ "kallsyms_unpriv_open_eacces", case_unpriv_eacces, NULL },
	{ "kallsyms_userns_open_eacces", case_userns_eacces, NULL },
	{ "kallsyms_root_read", case_root_reads, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
