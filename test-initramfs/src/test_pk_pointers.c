// SPDX-License-Identifier: GPL-2.0-only
/* Suite pk_pointers: a pointer printed to a world-readable file with %pK is
 * hidden by kernel.kptr_restrict. The test module hb_pk_probe (../kmod/)
 * prints the address of its variable hb_pk_marker in /proc/hb_pk_probe with
 * a bare %p; on the patched kernel the pk_pointers rule has made it %pK.
 *   kptr_restrict=0: everybody reads a value (hashed since 4.15): the reader works;
 *   kptr_restrict=1: unprivileged readers, also "root" of a user namespace,
 *                    read zeros; root (CAP_SYSLOG) reads the real address,
 *                    the one /proc/kallsyms gives for hb_pk_marker;
 *   kptr_restrict=2: root reads zeros too.
 * On vanilla the bare %p prints the same hashed value at every level. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "privs.h"

#define PK_MODULE "hb_pk_probe"
#define PK_FILE "/proc/hb_pk_probe"
#define PK_SYMBOL "hb_pk_marker"

static long original = -1;
static unsigned long long marker_addr;	/* from /proc/kallsyms, read as root */

/* What a reader must see. */
enum pk_want { PK_NONZERO, PK_ZEROS, PK_REAL };

static const char *want_name(enum pk_want w)
{
	return w == PK_ZEROS ? "zeros" : w == PK_REAL ? "the real address" : "a value";
}

/* In the child: reads PK_FILE, prints what it read, returns 0 when it is what
 * *arg wants, EDOM when it is not, the errno when the read failed. */
static int read_and_check(const void *arg)
{
	enum pk_want want = *(const enum pk_want *)arg;
	char buf[256], *value, *end;
	unsigned long long v;
	int n = hb_read_file(PK_FILE, buf, sizeof(buf));

	if (n < 0)
		return -n;
	if (n == 0)
		return HB_RC_EMPTY;
	buf[strcspn(buf, "\n")] = '\0';
	ktap_diag("read \"%s\"", buf);
	value = strstr(buf, PK_SYMBOL " ");
	if (!value)
		return EDOM;
	value += strlen(PK_SYMBOL " ");
	errno = 0;
	v = strtoull(value, &end, 16);
	if (errno || end == value || *end)	/* "(ptrval)" and the like are no value */
		return want == PK_NONZERO && *value ? 0 : EDOM;
	switch (want) {
	case PK_ZEROS:
		return v == 0 && strspn(value, "0") == strlen(value) ? 0 : EDOM;
	case PK_REAL:
		return v == marker_addr ? 0 : EDOM;
	case PK_NONZERO:
	default:
		return v != 0 ? 0 : EDOM;
	}
}

static enum hb_verdict expect_at(long level, enum hb_who who, enum pk_want want)
{
	int rc;

	if (hb_sysctl_set(HB_SYSCTL_KPTR_RESTRICT, level) < 0)
		return HB_FAIL;
	rc = hb_run_as(who, read_and_check, &want, 10);
	ktap_diag("kptr_restrict=%ld: %s reads %s -> %s (want %s)", level, hb_who_name(who),
		  PK_FILE, rc == EDOM ? "other than wanted" : hb_rc_name(rc), want_name(want));
	return rc == 0 ? HB_PASS : HB_FAIL;
}

/* The address of PK_SYMBOL of module PK_MODULE in /proc/kallsyms, or 0. */
static unsigned long long kallsyms_addr(void)
{
	char line[512], type, name[128], mod[128];
	unsigned long long addr, found = 0;
	FILE *f = fopen(HB_KALLSYMS, "re");

	if (!f) {
		ktap_diag("open %s: %s", HB_KALLSYMS, hb_errname(errno));
		return 0;
	}
	while (!found && fgets(line, sizeof(line), f)) {
		mod[0] = '\0';
		if (sscanf(line, "%llx %c %127s [%127[^]]]", &addr, &type, name, mod) >= 3 &&
		    !strcmp(name, PK_SYMBOL) && !strcmp(mod, PK_MODULE))
			found = addr;
	}
	fclose(f);
	return found;
}

static enum hb_verdict case_module_loads(const void *arg)
{
	struct mod_db db;
	int rc;

	(void)arg;
	if (hb_read_long(HB_SYSCTL_KPTR_RESTRICT, &original) < 0) {
		ktap_diag("%s: unreadable", HB_SYSCTL_KPTR_RESTRICT);
		return HB_FAIL;
	}
	rc = mod_db_open(&db, NULL, NULL);
	if (rc == 0)
		rc = mod_load_with_deps(&db, PK_MODULE, NULL);
	ktap_diag("kptr_restrict = %ld at boot; load %s -> %s; %s %s", original, PK_MODULE,
		  hb_errname(-rc), PK_FILE, hb_exists(PK_FILE) ? "exists" : "missing");
	return rc == 0 && hb_exists(PK_FILE) ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_root_knows_address(const void *arg)
{
	(void)arg;
	if (hb_sysctl_set(HB_SYSCTL_KPTR_RESTRICT, 1) < 0)
		return HB_FAIL;
	marker_addr = kallsyms_addr();
	ktap_diag("%s [%s] at %016llx in %s", PK_SYMBOL, PK_MODULE, marker_addr, HB_KALLSYMS);
	return marker_addr ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_level0_unpriv_value(const void *arg)
{
	(void)arg;
	return expect_at(0, HB_UNPRIV, PK_NONZERO);
}

static enum hb_verdict case_unpriv_zeros(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_UNPRIV, PK_ZEROS);
}

static enum hb_verdict case_userns_zeros(const void *arg)
{
	(void)arg;
	return expect_at(1, HB_USERNS, PK_ZEROS);
}

static enum hb_verdict case_root_real(const void *arg)
{
	(void)arg;
	if (!marker_addr)
		return HB_FAIL;
	return expect_at(1, HB_ROOT, PK_REAL);
}

static enum hb_verdict case_level2_root_zeros(const void *arg)
{
	(void)arg;
	return expect_at(2, HB_ROOT, PK_ZEROS);
}

static enum hb_verdict case_restored(const void *arg)
{
	int unload;

	(void)arg;
	unload = mod_delete(PK_MODULE, 3000);
	ktap_diag("unload %s -> %s", PK_MODULE, hb_errname(-unload));
	if (original < 0 || hb_sysctl_set(HB_SYSCTL_KPTR_RESTRICT, original) < 0)
		return HB_FAIL;
	return unload == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "pk_test_module_loads", case_module_loads, NULL },
	{ "pk_root_finds_marker_in_kallsyms", case_root_knows_address, NULL },
	{ "pk_level0_unpriv_reads_value", case_level0_unpriv_value, NULL },
	{ "pk_level1_unpriv_reads_zeros", case_unpriv_zeros, NULL },
	{ "pk_level1_userns_reads_zeros", case_userns_zeros, NULL },
	{ "pk_level1_root_reads_real_address", case_root_real, NULL },
	{ "pk_level2_root_reads_zeros", case_level2_root_zeros, NULL },
	{ "pk_restored", case_restored, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
