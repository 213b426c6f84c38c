// SPDX-License-Identifier: GPL-2.0-only
/* Suite tiocsti: dev.tty.legacy_tiocsti, upstream's since 6.2 and the hardening
 * tiocsti_restrict's before it. A process whose controlling terminal is a pty pushes a
 * character into its input with ioctl(TIOCSTI): at 1 the unprivileged user can; at 0 it
 * fails with EIO for the unprivileged user and for root of a user namespace (no
 * CAP_SYS_ADMIN in the initial one), and root still can; the value reads back as written,
 * and the unprivileged user cannot write it.
 * And TIOCLINUX's copy and paste on a virtual console (upstream's since 6.7, with its fixes
 * of 6.14 and 6.15): with the console as its controlling terminal, the unprivileged user
 * can no longer select text (TIOCL_SETSEL), paste it into the console's input
 * (TIOCL_PASTESEL) or load the selection's table of word characters (TIOCL_SELLOADLUT), all
 * EPERM; root still selects and pastes, and the unprivileged user still shows the mouse
 * pointer (TIOCL_SELPOINTER) and clears the selection's highlight (TIOCL_SELCLEAR). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <grp.h>
#include <stdint.h>
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

/* TIOCLINUX of <linux/tiocl.h>, spelled out so that the build needs no kernel headers. */
#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif
#define HB_TIOCL_SETSEL 2
#define HB_TIOCL_PASTESEL 3
#define HB_TIOCL_SELLOADLUT 5
#define HB_TIOCL_SELCHAR 0
#define HB_TIOCL_SELPOINTER 3
#define HB_TIOCL_SELCLEAR 4

/* What a child does on the virtual console, as root or after dropping to 65534. */
enum vt_op { VT_SELECT_AND_PASTE, VT_PASTE, VT_LOADLUT, VT_POINTER, VT_CLEAR };

struct vt_job {
	enum vt_op op;
	int unpriv; /* drop to uid/gid 65534, no groups, before the ioctl */
};

/* The text the suite writes at the top left of the console, then selects and pastes. */
static const char marker[] = "hbpaste";

/* TIOCL_SETSEL of the characters of row 1, columns 1 to LEN, in MODE: 0 or the errno. The
 * request is the subcode's byte, then struct tiocl_selection (five u16: xs ys xe ye mode). */
static int vt_setsel(int fd, unsigned short mode, unsigned short len)
{
	unsigned short sel[5] = { 1, 1, len, 1, mode };
	char req[1 + sizeof(sel)];

	req[0] = HB_TIOCL_SETSEL;
	memcpy(req + 1, sel, sizeof(sel));
	return ioctl(fd, TIOCLINUX, req) < 0 ? errno : 0;
}

static int vt_subcode(int fd, char code)
{
	return ioctl(fd, TIOCLINUX, &code) < 0 ? errno : 0;
}

/* TIOCL_SELLOADLUT of the kernel's default table (inwordLut of selection.c): the subcode's
 * byte, three of padding, then eight u32. */
static int vt_loadlut(int fd)
{
	static const uint32_t lut[8] = { 0x00000000, 0x03FF0000, 0x87FFFFFE, 0x07FFFFFE,
					 0, 0, 0xFF7FFFFF, 0xFF7FFFFF };
	char req[4 + sizeof(lut)] = { HB_TIOCL_SELLOADLUT };

	memcpy(req + 4, lut, sizeof(lut));
	return ioctl(fd, TIOCLINUX, req) < 0 ? errno : 0;
}

/* Reads what reached the console's input within a second; 1 when it holds the marker. */
static int input_holds_marker(int fd)
{
	char buf[64];
	ssize_t n = read(fd, buf, sizeof(buf) - 1);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	ktap_diag("the console's input holds \"%s\"", buf);
	return strstr(buf, marker) != NULL;
}

/* In a child forked as root: a session of its own with /dev/tty1 as its controlling
 * terminal, raw and clear, the marker written on it; then, as the job's identity, its
 * TIOCLINUX request(s). Returns 0, the errno of the refused request, EIO when a paste
 * succeeded but nothing reached the input, or HB_RC_SETUP. */
static int vt_run(const void *arg)
{
	const struct vt_job *job = arg;
	const gid_t id = HB_UNPRIV_ID;
	struct termios t;
	int fd, rc = 0;

	signal(SIGHUP, SIG_IGN);
	if (setsid() < 0)
		return HB_RC_SETUP;
	fd = open(HB_VT1, O_RDWR);
	if (fd < 0 || ioctl(fd, TIOCSCTTY, 0) < 0 || tcgetattr(fd, &t) < 0) {
		ktap_diag("%s as the controlling terminal: %s", HB_VT1, hb_errname(errno));
		return HB_RC_SETUP;
	}
	cfmakeraw(&t);
	t.c_cc[VMIN] = 0;
	t.c_cc[VTIME] = 10;
	/* home, clear, the marker; then nothing waits in the input */
	if (tcsetattr(fd, TCSANOW, &t) < 0 || write(fd, "\033[H\033[2J", 7) != 7 ||
	    write(fd, marker, strlen(marker)) != (ssize_t)strlen(marker) ||
	    tcflush(fd, TCIFLUSH) < 0)
		return HB_RC_SETUP;
	if (job->unpriv && (setgroups(0, NULL) < 0 || setresgid(id, id, id) < 0 ||
			    setresuid(id, id, id) < 0))
		return HB_RC_SETUP;
	switch (job->op) {
	case VT_SELECT_AND_PASTE:
		rc = vt_setsel(fd, HB_TIOCL_SELCHAR, strlen(marker));
		if (!rc)
			rc = vt_subcode(fd, HB_TIOCL_PASTESEL);
		if (!rc && !input_holds_marker(fd))
			rc = EIO;
		break;
	case VT_PASTE:
		rc = vt_subcode(fd, HB_TIOCL_PASTESEL);
		if (!rc)
			input_holds_marker(fd); /* says what came in */
		break;
	case VT_LOADLUT:
		rc = vt_loadlut(fd);
		break;
	case VT_POINTER:
		rc = vt_setsel(fd, HB_TIOCL_SELPOINTER, 1);
		break;
	case VT_CLEAR:
		rc = vt_setsel(fd, HB_TIOCL_SELCLEAR, 1);
		break;
	}
	close(fd);
	return rc;
}

static const char *const vt_op_name[] = {
	[VT_SELECT_AND_PASTE] = "TIOCL_SETSEL (characters) then TIOCL_PASTESEL",
	[VT_PASTE] = "TIOCL_PASTESEL",
	[VT_LOADLUT] = "TIOCL_SELLOADLUT",
	[VT_POINTER] = "TIOCL_SETSEL (TIOCL_SELPOINTER)",
	[VT_CLEAR] = "TIOCL_SETSEL (TIOCL_SELCLEAR)",
};

static enum hb_verdict expect_vt(enum vt_op op, int unpriv, int want)
{
	const struct vt_job job = { op, unpriv };
	int rc = hb_run_as(HB_ROOT, vt_run, &job, 10);

	ktap_diag("%s on %s, its controlling terminal, as %s -> %s (want %s)", vt_op_name[op],
		  HB_VT1, unpriv ? "unpriv" : "root", hb_rc_name(rc),
		  want ? hb_errname(want) : "success");
	return rc == want ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_vt_present(const void *arg)
{
	(void)arg;
	if (!hb_exists(HB_VT1)) {
		ktap_diag("%s: no virtual console (CONFIG_VT)", HB_VT1);
		return HB_FAIL;
	}
	return HB_PASS;
}

/* The injection itself: select the text on the console, paste it into its input. */
static enum hb_verdict case_unpriv_select_paste(const void *arg)
{
	(void)arg;
	return expect_vt(VT_SELECT_AND_PASTE, 1, EPERM);
}

static enum hb_verdict case_unpriv_pastesel(const void *arg)
{
	(void)arg;
	return expect_vt(VT_PASTE, 1, EPERM);
}

static enum hb_verdict case_unpriv_loadlut(const void *arg)
{
	(void)arg;
	return expect_vt(VT_LOADLUT, 1, EPERM);
}

static enum hb_verdict case_root_pastes(const void *arg)
{
	(void)arg;
	return expect_vt(VT_SELECT_AND_PASTE, 0, 0);
}

static enum hb_verdict case_root_loadlut(const void *arg)
{
	(void)arg;
	return expect_vt(VT_LOADLUT, 0, 0);
}

static enum hb_verdict case_unpriv_pointer(const void *arg)
{
	(void)arg;
	return expect_vt(VT_POINTER, 1, 0);
}

static enum hb_verdict case_unpriv_clear(const void *arg)
{
	(void)arg;
	return expect_vt(VT_CLEAR, 1, 0);
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
	{ "tioclinux_vt_present", case_vt_present, NULL },
	{ "tioclinux_root_selects_and_pastes", case_root_pastes, NULL },
	{ "tioclinux_unpriv_select_and_paste_eperm", case_unpriv_select_paste, NULL },
	{ "tioclinux_unpriv_pastesel_eperm", case_unpriv_pastesel, NULL },
	{ "tioclinux_unpriv_selloadlut_eperm", case_unpriv_loadlut, NULL },
	{ "tioclinux_root_selloadlut", case_root_loadlut, NULL },
	{ "tioclinux_unpriv_selpointer", case_unpriv_pointer, NULL },
	{ "tioclinux_unpriv_selclear", case_unpriv_clear, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
