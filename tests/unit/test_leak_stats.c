// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the leak measurement's host side (backport/suites/leak_stats.c): the guest's
 * "# leaks ..." lines out of a console log's KTAP, their JSON both ways, the per-kernel results
 * that carry them and those older than them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "leak_stats.h"
#include "run_result_json.h"

/* What the guest prints for the suite, kernel messages and timestamps mixed in. */
static const char console[] =
	"KTAP version 1\n"
	"1..2\n"
	"  # Subtest: smoke\n"
	"  KTAP version 1\n"
	"  1..1\n"
	"  ok 1 smoke_boot_environment\n"
	"ok 1 smoke\n"
	"  # Subtest: leaks\n"
	"  KTAP version 1\n"
	"  1..3\n"
	"  # kptr_restrict=0, unpriv: read 812 files (401234 bytes, 1 cut at the cap)\n"
	"  # leak /proc/self/net/netlink 2\n"
	"  # leak /sys/kernel/notes 1\n"
	"[    3.123456] random: crng init done\n"
	"  # leaks kptr_restrict=0 total=3 files=2 read=812\n"
	"  # kptr_restrict=0: unpriv scan of /proc and /sys -> success\n"
	"  ok 1 leaks_kptr_restrict_0_unpriv_scan\n"
	"[    4.000001]   # leaks kptr_restrict=1 total=0 files=0 read=810\n"
	"  ok 2 leaks_kptr_restrict_1_unpriv_scan\n"
	"  ok 3 leaks_kptr_restrict_restored\n"
	"ok 2 leaks\n";

static void lines_parse(void **state)
{
	(void)state;
	struct leak_level l;
	assert_true(leak_line_parse("leaks kptr_restrict=1 total=12 files=3 read=900", &l));
	assert_int_equal(l.kptr_restrict, 1);
	assert_int_equal(l.total, 12);
	assert_int_equal(l.files, 3);
	assert_int_equal(l.read, 900);
	/* read= is optional */
	assert_true(leak_line_parse("leaks kptr_restrict=0 total=0 files=0", &l));
	assert_int_equal(l.read, -1);
	static const char *const bad[] = {
		"leak /proc/self/net/netlink 2",
		"leaks kptr_restrict=1 total=12",
		"leaks kptr_restrict=1 total=12 files=3 read=900 more",
		"leaks kptr_restrict=1 total=x files=3",
		"leaks kptr_restrict=-1 total=1 files=1",
		"leaks kptr_restrict=7 total=1 files=1",
		"leaks kptr_restrict=1 total=2 files=3",	/* more files than addresses */
		"leaks kptr_restrict=1 total=5 files=3 read=2",	/* more leaking files than read */
		"leaks total=1 kptr_restrict=1 files=1",
		"leaks kptr_restrict=1 total=99999999999999999999999 files=1",
		"leaks  kptr_restrict=1 total=1 files=1",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (leak_line_parse(bad[i], &l))
			fail_msg("accepted: %s", bad[i]);
}

static void from_guest_ktap(void **state)
{
	(void)state;
	struct ktap_report r;
	struct leak_stats s;
	assert_int_equal(ktap_parse(console, strlen(console), &r), 0);
	leak_stats_from_ktap(&r, &s);
	assert_int_equal(s.n, 2);
	const struct leak_level *l0 = leak_stats_level(&s, 0), *l1 = leak_stats_level(&s, 1);
	assert_non_null(l0);
	assert_non_null(l1);
	assert_int_equal(l0->total, 3);
	assert_int_equal(l0->files, 2);
	assert_int_equal(l0->read, 812);
	assert_int_equal(l1->total, 0);
	assert_int_equal(l1->read, 810);
	assert_null(leak_stats_level(&s, 2));
	ktap_report_free(&r);
	/* a guest without the suite: nothing measured */
	assert_int_equal(ktap_parse("KTAP version 1\n1..1\nok 1 smoke\n", 29, &r), 0);
	leak_stats_from_ktap(&r, &s);
	assert_int_equal(s.n, 0);
	ktap_report_free(&r);
}

static void later_line_of_a_level_wins_and_order_is_kept(void **state)
{
	(void)state;
	static const char text[] = "KTAP version 1\n1..1\n"
				   "# leaks kptr_restrict=2 total=1 files=1\n"
				   "# leaks kptr_restrict=0 total=4 files=2\n"
				   "# leaks kptr_restrict=2 total=0 files=0\n"
				   "ok 1 leaks\n";
	struct ktap_report r;
	struct leak_stats s;
	assert_int_equal(ktap_parse(text, strlen(text), &r), 0);
	leak_stats_from_ktap(&r, &s);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.level[0].kptr_restrict, 0);
	assert_int_equal(s.level[1].kptr_restrict, 2);
	assert_int_equal(s.level[1].total, 0);
	ktap_report_free(&r);
}

static void text_of_a_level(void **state)
{
	(void)state;
	char buf[64];
	struct leak_level l = { .kptr_restrict = 0, .total = 3, .files = 2, .read = 812 };
	leak_level_text(&l, buf, sizeof(buf));
	assert_string_equal(buf, "3 in 2 files of 812");
	l.read = -1;
	leak_level_text(&l, buf, sizeof(buf));
	assert_string_equal(buf, "3 in 2 files");
	leak_level_text(NULL, buf, sizeof(buf));
	assert_string_equal(buf, "not measured");
}

static void json_both_ways(void **state)
{
	(void)state;
	struct leak_stats s = { .n = 2 }, back;
	s.level[0] = (struct leak_level){ 0, 3, 2, 812 };
	s.level[1] = (struct leak_level){ 1, 0, 0, -1 };
	json_t *v = leak_stats_to_json(&s);
	char err[256];
	assert_int_equal(leak_stats_from_json(v, &back, err, sizeof(err)), 0);
	assert_int_equal(back.n, 2);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(back.level[i].kptr_restrict, s.level[i].kptr_restrict);
		assert_int_equal(back.level[i].total, s.level[i].total);
		assert_int_equal(back.level[i].files, s.level[i].files);
		assert_int_equal(back.level[i].read, s.level[i].read);
	}
	json_decref(v);
	/* absent or null: results older than the measurement */
	assert_int_equal(leak_stats_from_json(NULL, &back, err, sizeof(err)), 0);
	assert_int_equal(back.n, 0);
	v = json_null();
	assert_int_equal(leak_stats_from_json(v, &back, err, sizeof(err)), 0);
	json_decref(v);
	static const char *const bad[] = {
		"{}", "[{\"kptr_restrict\": 0, \"total\": 1}]",
		"[{\"kptr_restrict\": 9, \"total\": 1, \"files\": 1}]",
		"[{\"kptr_restrict\": 0, \"total\": 1.5, \"files\": 1}]",
		"[{\"kptr_restrict\": 0, \"total\": \"1\", \"files\": 1}]",
		"[{\"kptr_restrict\": 0, \"total\": 1, \"files\": 1, \"read\": null}]",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = json_loads(bad[i], 0, NULL);
		assert_non_null(v);
		if (leak_stats_from_json(v, &back, err, sizeof(err)) == 0)
			fail_msg("accepted: %s", bad[i]);
		json_decref(v);
	}
}

/* A per-kernel result with nothing run, as JSON (the flavours' leaks given as LEAKS). */
static json_t *kernel_json(const char *leaks)
{
	struct run_result r;
	memset(&r, 0, sizeof(r));
	r.kernel = strdup("6.1");
	json_t *v = run_result_to_json(&r);
	run_result_free(&r);
	const char *name;
	json_t *fl;
	json_object_foreach(json_object_get(v, "flavours"), name, fl) {
		if (!leaks) /* an older result: no "leaks" key at all */
			json_object_del(fl, "leaks");
		else
			json_object_set_new(fl, "leaks", json_loads(leaks, JSON_DECODE_ANY, NULL));
	}
	return v;
}

static void per_kernel_results_carry_them(void **state)
{
	(void)state;
	struct run_result r;
	char err[512];
	json_t *v = kernel_json("[{\"kptr_restrict\": 1, \"total\": 4, \"files\": 2, "
				"\"read\": 700}]");
	assert_int_equal(run_result_from_json(v, &r, err, sizeof(err)), 0);
	assert_int_equal(r.flavour[FLAVOUR_PATCHED].boot.leaks.n, 1);
	assert_int_equal(leak_stats_level(&r.flavour[FLAVOUR_VANILLA].boot.leaks, 1)->total, 4);
	/* and back: written as read */
	json_t *again = run_result_to_json(&r);
	json_t *leaks = json_object_get(json_object_get(json_object_get(again, "flavours"),
							"vanilla"), "leaks");
	assert_int_equal(json_array_size(leaks), 1);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(leaks, 0), "read")),
			 700);
	json_decref(again);
	run_result_free(&r);
	json_decref(v);
	/* older results have no "leaks": read as not measured */
	v = kernel_json(NULL);
	assert_int_equal(run_result_from_json(v, &r, err, sizeof(err)), 0);
	assert_int_equal(r.flavour[FLAVOUR_VANILLA].boot.leaks.n, 0);
	run_result_free(&r);
	json_decref(v);
	/* a malformed one is refused, naming the field */
	v = kernel_json("{\"total\": 1}");
	assert_int_equal(run_result_from_json(v, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "field 'leaks'"));
	json_decref(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_parse),
		cmocka_unit_test(from_guest_ktap),
		cmocka_unit_test(later_line_of_a_level_wins_and_order_is_kept),
		cmocka_unit_test(text_of_a_level),
		cmocka_unit_test(json_both_ways),
		cmocka_unit_test(per_kernel_results_carry_them),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
