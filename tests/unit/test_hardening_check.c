// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of kernel-hardening-checker's side of the driver: the guest's sysctl dumps cut out
 * of a console (backport/console/sysctl_dump.c), the tool's JSON read (result/hardening_check.c)
 * and kept in the per-kernel results, vanilla against patched and the hardenings' checks that
 * FAIL on patched (result/hardening_check_diff.c), Debian's version order
 * (fetch/hardening_checker.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hardening_check.h"
#include "hardening_check_diff.h"
#include "hardening_checker.h"
#include "sysctl_dump.h"

/* What 0.6.17.1 prints with -m json (three of its checks). */
#define TOOL_JSON                                                                              \
	"[{\"option_name\": \"CONFIG_LEGACY_TIOCSTI\", \"type\": \"kconfig\", \"reason\": "      \
	"\"cut_attack_surface\", \"decision\": \"kspp\", \"desired_val\": \"is not set\", "       \
	"\"check_result\": \"FAIL: \\\"y\\\"\", \"check_result_bool\": false}, "                 \
	"{\"option_name\": \"kernel.kptr_restrict\", \"type\": \"sysctl\", \"reason\": "         \
	"\"cut_attack_surface\", \"decision\": \"kspp\", \"desired_val\": \"2\", "               \
	"\"check_result\": \"FAIL: \\\"0\\\"\", \"check_result_bool\": false}, "                 \
	"{\"option_name\": \"CONFIG_BUG\", \"type\": \"kconfig\", \"reason\": "                  \
	"\"self_protection\", \"decision\": \"defconfig\", \"desired_val\": \"y\", "             \
	"\"check_result\": \"OK\", \"check_result_bool\": true}]"

static void tool_json_is_read(void **state)
{
	(void)state;
	struct hc_checks c;
	char err[256] = "";
	assert_int_equal(hc_checks_parse(TOOL_JSON, strlen(TOOL_JSON), &c, err, sizeof(err)), 0);
	assert_int_equal(c.n, 3);
	assert_int_equal(c.ok, 1);
	assert_int_equal(c.fail, 2);
	const struct hc_check *t = hc_checks_find(&c, "CONFIG_LEGACY_TIOCSTI", "kspp");
	assert_non_null(t);
	assert_string_equal(t->result, "FAIL: \"y\"");
	assert_string_equal(t->desired, "is not set");
	assert_false(t->ok);
	assert_null(hc_checks_find(&c, "CONFIG_LEGACY_TIOCSTI", "clipos"));
	assert_true(hc_checks_find(&c, "CONFIG_BUG", NULL)->ok);
	hc_checks_free(&c);
}

static void refuse(const char *text, const char *says)
{
	struct hc_checks c;
	char err[256] = "";
	assert_int_equal(hc_checks_parse(text, strlen(text), &c, err, sizeof(err)), -1);
	if (!strstr(err, says))
		fail_msg("error \"%s\" does not say \"%s\"", err, says);
	assert_int_equal(c.n, 0);
}

static void tool_json_that_is_not_its_is_refused(void **state)
{
	(void)state;
	refuse("[-] ERROR: unexpected line in sysctl file", "not valid JSON");
	refuse("[]", "an empty list");
	refuse("{\"option_name\": \"x\"}", "no list");
	/* before 0.6.10 each check was a list */
	refuse("[[\"CONFIG_BUG\", \"kconfig\", \"y\", \"defconfig\", \"self_protection\", \"OK\"]]",
	       "entry 0 is no object");
	refuse("[{\"option_name\": \"CONFIG_BUG\", \"type\": \"kconfig\", \"reason\": \"r\", "
	       "\"decision\": \"d\", \"check_result\": \"OK\", \"check_result_bool\": true}]",
	       "entry 0: field 'desired_val' is missing");
	refuse("[{\"option_name\": \"CONFIG_BUG\", \"type\": \"kconfig\", \"reason\": \"r\", "
	       "\"decision\": \"d\", \"desired_val\": \"y\", \"check_result\": \"OK\"}]",
	       "field 'check_result_bool' is missing");
	refuse("[{\"option_name\": \"CONFIG_BUG\", \"type\": \"kconfig\", \"reason\": \"r\", "
	       "\"decision\": \"d\", \"desired_val\": \"y\", \"check_result\": \"FAIL: \\\"n\\\"\", "
	       "\"check_result_bool\": true}]",
	       "disagree");
}

static void flavour_of(struct hc_flavour *f, const char *json)
{
	char err[256];
	memset(f, 0, sizeof(*f));
	assert_int_equal(hc_checks_parse(json, strlen(json), &f->boot, err, sizeof(err)), 0);
	f->ran = true;
	f->version = strdup(HC_TESTED_VERSION);
	f->source = strdup("kernel-hardening-checker " HC_TESTED_VERSION " (Debian sid)");
	f->modules_restrict = strdup("1");
	f->n_dumps = 1;
	snprintf(f->dumps[0].label, sizeof(f->dumps[0].label), "end");
	f->dumps[0].modules_restrict = strdup("2");
	f->dumps[0].ok = 1;
	f->dumps[0].fail = 2;
}

static void results_json_both_ways(void **state)
{
	(void)state;
	struct hc_flavour f, back;
	flavour_of(&f, TOOL_JSON);
	json_t *v = hc_flavour_to_json(&f);
	char err[256] = "";
	assert_int_equal(hc_flavour_from_json(v, &back, err, sizeof(err)), 0);
	assert_true(back.ran);
	assert_int_equal(back.boot.n, 3);
	assert_int_equal(back.boot.fail, 2);
	assert_string_equal(back.boot.v[0].name, "CONFIG_LEGACY_TIOCSTI");
	assert_string_equal(back.modules_restrict, "1");
	assert_int_equal(back.n_dumps, 1);
	assert_string_equal(back.dumps[0].modules_restrict, "2");
	assert_null(back.dumps[0].differs);
	hc_flavour_free(&back);
	/* a check without its result is named */
	json_object_del(json_array_get(json_object_get(v, "checks"), 1), "result");
	assert_int_equal(hc_flavour_from_json(v, &back, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "hardening_checker.checks[1].result"));
	json_decref(v);
	/* not run: null, and read back as not run */
	struct hc_flavour none;
	memset(&none, 0, sizeof(none));
	v = hc_flavour_to_json(&none);
	assert_true(json_is_null(v));
	assert_int_equal(hc_flavour_from_json(v, &back, err, sizeof(err)), 0);
	assert_false(back.ran);
	json_decref(v);
	hc_flavour_free(&f);
}

/* Vanilla 6.1 has no LEGACY_TIOCSTI (OK: is not found); patched adds it at y. */
#define VANILLA_JSON                                                                           \
	"[{\"option_name\": \"CONFIG_LEGACY_TIOCSTI\", \"type\": \"kconfig\", \"reason\": "      \
	"\"cut_attack_surface\", \"decision\": \"kspp\", \"desired_val\": \"is not set\", "       \
	"\"check_result\": \"OK: is not found\", \"check_result_bool\": true}, "                 \
	"{\"option_name\": \"kernel.kptr_restrict\", \"type\": \"sysctl\", \"reason\": "         \
	"\"cut_attack_surface\", \"decision\": \"kspp\", \"desired_val\": \"2\", "               \
	"\"check_result\": \"FAIL: \\\"0\\\"\", \"check_result_bool\": false}, "                 \
	"{\"option_name\": \"CONFIG_BUG\", \"type\": \"kconfig\", \"reason\": "                  \
	"\"self_protection\", \"decision\": \"defconfig\", \"desired_val\": \"y\", "             \
	"\"check_result\": \"OK\", \"check_result_bool\": true}]"

static void vanilla_against_patched(void **state)
{
	(void)state;
	struct run_result r;
	memset(&r, 0, sizeof(r));
	struct run_feature feats[4];
	memset(feats, 0, sizeof(feats));
	feats[1].name = "tiocsti_restrict";
	feats[2].name = "pk_pointers";
	feats[3].name = "modules_restrict";
	r.features = feats;
	r.n_features = 4;
	flavour_of(&r.flavour[FLAVOUR_VANILLA].checker, VANILLA_JSON);
	flavour_of(&r.flavour[FLAVOUR_PATCHED].checker, TOOL_JSON);
	struct hc_diff d;
	hc_diff_of(&r, &d);
	assert_true(d.ran[FLAVOUR_VANILLA] && d.ran[FLAVOUR_PATCHED]);
	assert_int_equal(d.n_changed, 1);
	assert_int_equal(d.n_changed_verdict, 1);
	char text[256];
	hc_change_text(&d.changed[0], text, sizeof(text));
	assert_string_equal(text, "CONFIG_LEGACY_TIOCSTI (kspp): vanilla OK: is not found, "
				  "patched FAIL: \"y\"");
	/* LEGACY_TIOCSTI and kptr_restrict FAIL on patched; the features' other checks are not
	 * among these three: listed without a result */
	bool tiocsti_kconfig = false, kptr = false;
	for (size_t i = 0; i < d.n_failing; i++) {
		const struct hc_ours *o = &d.failing[i];
		if (!strcmp(o->name, "CONFIG_LEGACY_TIOCSTI")) {
			tiocsti_kconfig = true;
			assert_string_equal(o->feature, "tiocsti_restrict");
			assert_non_null(o->patched);
			assert_non_null(strstr(o->why, "default y"));
		}
		if (!strcmp(o->name, "kernel.kptr_restrict"))
			kptr = o->patched && !strcmp(o->feature, "pk_pointers");
		if (!strcmp(o->name, "kernel.modules_disabled"))
			assert_null(o->patched); /* not among the tool's checks here */
	}
	assert_true(tiocsti_kconfig);
	assert_true(kptr);
	/* what the tool has no check for, said */
	bool modules_restrict = false;
	for (size_t i = 0; i < d.n_lacks; i++)
		modules_restrict |= !strcmp(d.lacks_feature[i], "modules_restrict") &&
				    strstr(d.lacks[i], "kernel.modules_restrict");
	assert_true(modules_restrict);
	hc_diff_free(&d);
	/* a flavour not judged: nothing compared */
	hc_flavour_free(&r.flavour[FLAVOUR_VANILLA].checker);
	hc_diff_of(&r, &d);
	assert_int_equal(d.n_changed, 0);
	assert_false(d.ran[FLAVOUR_VANILLA]);
	hc_diff_free(&d);
	hc_flavour_free(&r.flavour[FLAVOUR_PATCHED].checker);
}

/* One option checked twice by the same recommendation for the same reason, for two values:
 * the same verdicts on both flavours are no change, whatever the order. */
#define LSM_CHECK(want, result, ok)                                                            \
	"{\"option_name\": \"CONFIG_LSM\", \"type\": \"kconfig\", \"reason\": "                     \
	"\"security_policy\", \"decision\": \"kspp\", \"desired_val\": \"" want "\", "               \
	"\"check_result\": \"" result "\", \"check_result_bool\": " ok "}"
#define LSM_YAMA LSM_CHECK("*yama*", "OK: in \\\"yama,bpf\\\"", "true")
#define LSM_LANDLOCK LSM_CHECK("*landlock*", "FAIL: not in \\\"yama,bpf\\\"", "false")

static void one_option_checked_for_two_values(void **state)
{
	(void)state;
	struct run_result r;
	memset(&r, 0, sizeof(r));
	flavour_of(&r.flavour[FLAVOUR_VANILLA].checker, "[" LSM_YAMA ", " LSM_LANDLOCK "]");
	flavour_of(&r.flavour[FLAVOUR_PATCHED].checker, "[" LSM_LANDLOCK ", " LSM_YAMA "]");
	struct hc_diff d;
	hc_diff_of(&r, &d);
	assert_int_equal(d.n_changed, 0);
	hc_diff_free(&d);
	hc_flavour_free(&r.flavour[FLAVOUR_VANILLA].checker);
	hc_flavour_free(&r.flavour[FLAVOUR_PATCHED].checker);
}

static void dumps_are_cut_out_of_the_console(void **state)
{
	(void)state;
	const char *console =
		"[    0.000000] Linux version 6.1.158\r\n"
		"hb-sysctl-begin boot\r\n"
		"hb-cmdline: console=ttyS0 panic=-1 loglevel=4\r\n"
		"kernel.kptr_restrict = 0\r\n"
		"kernel.printk = 4\t4\t1\t7\r\n"
		"[    1.234567] random: crng init done\r\n"
		"net.ipv4.conf.eth0/1.forwarding = 0\r\n"
		"kernel.modules_restrict = 1\r\n"
		"hb-sysctl-end boot 4 (0 unreadable, 0 with other characters left out)\r\n"
		"KTAP version 1\n1..1\nok 1 smoke\n"
		"hb-sysctl-begin end\n"
		"hb-cmdline: console=ttyS0\n"
		"kernel.modules_restrict = 2\n";
	struct sysctl_dump *d;
	size_t n;
	assert_int_equal(sysctl_dumps_cut(console, strlen(console), &d, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(d[0].label, "boot");
	assert_string_equal(d[0].cmdline, "console=ttyS0 panic=-1 loglevel=4");
	assert_int_equal(d[0].lines, 4);
	assert_int_equal(d[0].dropped, 1); /* the kernel's message */
	assert_int_equal(d[0].printed, 4);
	assert_true(sysctl_dump_whole(&d[0]));
	assert_string_equal(d[0].text, "kernel.kptr_restrict = 0\nkernel.printk = 4\t4\t1\t7\n"
				       "net.ipv4.conf.eth0/1.forwarding = 0\n"
				       "kernel.modules_restrict = 1\n");
	char *v = sysctl_dump_value(&d[0], "kernel.modules_restrict");
	assert_string_equal(v, "1");
	free(v);
	assert_null(sysctl_dump_value(&d[0], "kernel.modules"));
	/* the guest died inside the second: kept, not whole */
	assert_string_equal(d[1].label, "end");
	assert_int_equal(d[1].printed, -1);
	assert_false(sysctl_dump_whole(&d[1]));
	v = sysctl_dump_value(&d[1], "kernel.modules_restrict");
	assert_string_equal(v, "2");
	free(v);
	sysctl_dumps_free(d, n);
}

static void lines_the_tool_reads(void **state)
{
	(void)state;
	static const char *const ok[] = { "kernel.kptr_restrict = 0", "a=b", "vm.stat_refresh = ",
					  "fs.x/y-z_* =1", NULL };
	static const char *const not_ok[] = { "[    1.2] x = 1", "hb-cmdline: a=b",
					      "= 1", "kernel.a  = 1", "ok 1 smoke", "", NULL };
	for (size_t i = 0; ok[i]; i++)
		assert_true(sysctl_dump_line_ok(ok[i], strlen(ok[i])));
	for (size_t i = 0; not_ok[i]; i++)
		if (sysctl_dump_line_ok(not_ok[i], strlen(not_ok[i])))
			fail_msg("\"%s\" taken", not_ok[i]);
}

static void debian_versions_in_order(void **state)
{
	(void)state;
	assert_int_equal(hc_version_cmp("0.6.17.1-3", "0.6.17.1-3"), 0);
	assert_true(hc_version_cmp("0.6.17.1-3~bpo13+1", "0.6.17.1-3") < 0);
	assert_true(hc_version_cmp("0.6.17.1-3", "0.6.17.1-4") < 0);
	assert_true(hc_version_cmp("0.6.9-1", "0.6.10-1") < 0);
	assert_true(hc_version_cmp("0.6.18-1", "0.6.17.1-3") > 0);
	assert_true(hc_version_cmp("1:0.1-1", "0.6.17.1-3") > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tool_json_is_read),
		cmocka_unit_test(tool_json_that_is_not_its_is_refused),
		cmocka_unit_test(results_json_both_ways),
		cmocka_unit_test(vanilla_against_patched),
		cmocka_unit_test(one_option_checked_for_two_values),
		cmocka_unit_test(dumps_are_cut_out_of_the_console),
		cmocka_unit_test(lines_the_tool_reads),
		cmocka_unit_test(debian_versions_in_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
