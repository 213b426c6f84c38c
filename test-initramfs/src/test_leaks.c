// SPDX-License-Identifier: GPL-2.0-only
/* Suite leaks: a measurement of kernel pointer leaks, the same on vanilla and
 * patched. As the unprivileged user, with kernel.kptr_restrict at 0 and then
 * at 1, read every readable regular file of /proc and /sys (bounded, see
 * leak_scan.h) and count the values that look like x86-64 kernel addresses
 * (kaddr.h). Each level's case prints the leaking files and a line the
 * driver reads:
 *   # leak FILE COUNT
 *   # leaks kptr_restrict=L total=N files=M read=R
 * (N addresses in M files, of R files read). The counts are reported, not
 * judged; a case fails when the scan did not complete within its bounds or
 * read fewer than LEAKS_MIN_FILES files, and a first case makes the
 * recogniser find the real addresses root reads in /proc/kallsyms (CAP_SYSLOG
 * sees them at kptr_restrict 0 and 1 on both flavours), so a broken reader or
 * recogniser cannot pass for a kernel without leaks. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "kaddr.h"
#include "ktap.h"
#include "leak_scan.h"
#include "privs.h"

#define LEAKS_MIN_FILES 50
#define LEAKS_MAX_LISTED 100	/* "# leak" lines per level */
#define LEAKS_CHILD_TIMEOUT_S 90	/* above the scan's own 60 s budget */
#define KALLSYMS_SAMPLE_BYTES (64 * 1024)
#define KALLSYMS_MIN_ADDRESSES 100	/* 64 KiB of kallsyms holds some 1500 lines */

static const char *const scan_roots[] = { "/proc", "/proc/self", "/sys", NULL };
static long original = -1;	/* kptr_restrict at boot, -1 before it is read */

static void print_scan(long level, const struct leak_scan *s)
{
	ktap_diag("kptr_restrict=%ld, unpriv: read %lu files (%llu bytes, %lu cut at the cap) "
		  "in %u.%03u s; %lu unreadable, %lu blocking, %lu timed out, %lu left out, "
		  "%lu too deep%s%s", level, s->files_read, s->bytes, s->truncated,
		  s->elapsed_ms / 1000, s->elapsed_ms % 1000, s->unreadable, s->blocked,
		  s->timed_out, s->skipped, s->too_deep, s->stopped ? "; stopped by the " : "",
		  s->stopped ? s->stopped : "");
	for (size_t i = 0; i < s->n_leaks && i < LEAKS_MAX_LISTED; i++)
		ktap_diag("leak %s %zu", s->leaks[i].path, s->leaks[i].count);
	if (s->n_leaks > LEAKS_MAX_LISTED)
		ktap_diag("... and %zu more leaking files", s->n_leaks - LEAKS_MAX_LISTED);
	ktap_diag("leaks kptr_restrict=%ld total=%zu files=%zu read=%lu", level, s->total,
		  s->n_leaks, s->files_read);
}

/* In the unprivileged child: scans, prints, returns 0 or why the scan does not count. */
static int scan_as_unpriv(const void *arg)
{
	long level = *(const long *)arg;
	struct leak_scan_limits lim;
	struct leak_scan s;
	int rc;

	leak_scan_default_limits(&lim);
	rc = leak_scan_run(scan_roots, &lim, &s);
	leak_scan_sort(&s);
	print_scan(level, &s);
	if (rc == 0 && s.files_read < LEAKS_MIN_FILES) {
		ktap_diag("only %lu files read: the reader does not work", s.files_read);
		rc = ENODATA;
	}
	leak_scan_free(&s);
	return rc;
}

/* Reads kptr_restrict's boot value once: 0, or -1 after saying why not. */
static int record_original(void)
{
	if (original < 0 && hb_read_long(HB_SYSCTL_KPTR_RESTRICT, &original) < 0) {
		ktap_diag("%s: unreadable", HB_SYSCTL_KPTR_RESTRICT);
		return -1;
	}
	return 0;
}

/* The recogniser works in the guest: root's /proc/kallsyms holds real addresses. */
static enum hb_verdict case_recogniser(const void *arg)
{
	char *buf = malloc(KALLSYMS_SAMPLE_BYTES);
	size_t found;
	int n;

	(void)arg;
	if (hb_exists(HB_SYSCTL_KPTR_RESTRICT) && record_original() < 0) {
		free(buf);
		return HB_FAIL;
	}
	n = buf ? hb_read_file(HB_KALLSYMS, buf, KALLSYMS_SAMPLE_BYTES) : -ENOMEM;
	found = n > 0 ? kaddr_count(buf, (size_t)n) : 0;
	ktap_diag("root, kptr_restrict=%ld: %zu kernel addresses in the first %d bytes of %s "
		  "(want %d or more)", original, found, n, HB_KALLSYMS, KALLSYMS_MIN_ADDRESSES);
	if (n < 0)
		ktap_diag("read %s: %s", HB_KALLSYMS, hb_errname(-n));
	free(buf);
	return found >= KALLSYMS_MIN_ADDRESSES ? HB_PASS : HB_FAIL;
}

static enum hb_verdict scan_at(long level)
{
	int rc;

	if (!hb_exists(HB_SYSCTL_KPTR_RESTRICT)) {
		ktap_skip_reason("no %s on this kernel", HB_SYSCTL_KPTR_RESTRICT);
		return HB_SKIP;
	}
	if (record_original() < 0 || hb_sysctl_set(HB_SYSCTL_KPTR_RESTRICT, level) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_UNPRIV, scan_as_unpriv, &level, LEAKS_CHILD_TIMEOUT_S);
	ktap_diag("kptr_restrict=%ld: unpriv scan of /proc and /sys -> %s", level,
		  rc == ENODATA ? "too few files" : rc == ETIME ? "time budget reached"
		  : rc == EFBIG ? "byte budget reached" : rc == E2BIG ? "file limit reached"
		  : hb_rc_name(rc));
	return rc == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_level0(const void *arg)
{
	(void)arg;
	return scan_at(0);
}

static enum hb_verdict case_level1(const void *arg)
{
	(void)arg;
	return scan_at(1);
}

static enum hb_verdict case_restored(const void *arg)
{
	(void)arg;
	if (!hb_exists(HB_SYSCTL_KPTR_RESTRICT)) {
		ktap_skip_reason("no %s on this kernel", HB_SYSCTL_KPTR_RESTRICT);
		return HB_SKIP;
	}
	if (original < 0) {
		ktap_diag("the boot value of kptr_restrict was never read");
		return HB_FAIL;
	}
	ktap_diag("kptr_restrict back to %ld (its boot value)", original);
	return hb_sysctl_set(HB_SYSCTL_KPTR_RESTRICT, original) == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "leaks_recogniser_finds_root_kallsyms_addresses", case_recogniser, NULL },
	{ "leaks_kptr_restrict_0_unpriv_scan", case_level0, NULL },
	{ "leaks_kptr_restrict_1_unpriv_scan", case_level1, NULL },
	{ "leaks_kptr_restrict_restored", case_restored, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
