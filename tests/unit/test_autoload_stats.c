// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the autoload surface measurement's host side (backport/suites/autoload_stats.c):
 * the guest's "# autoload ..." lines out of a console log's KTAP, and their JSON both ways. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "autoload_stats.h"

static const char console[] =
	"KTAP version 1\n"
	"1..1\n"
	"  # Subtest: autoload\n"
	"  KTAP version 1\n"
	"  1..3\n"
	"  ok 1 autoload_setup\n"
	"  # loaded by unpriv's probes: af_packet\n"
	"  # autoload unpriv requests=412 loaded=3 families=30 netlink=12 inet=340 ldisc=20 alg=10 fs=0 (5120 ms)\n"
	"  ok 2 autoload_surface_unpriv\n"
	"[    4.000001]   # autoload userns requests=420 loaded=4 families=30 fs=8 (6000 ms)\n"
	"  ok 3 autoload_surface_userns\n"
	"ok 1 autoload\n";

static void lines_are_read_per_identity(void **state)
{
	(void)state;
	struct ktap_report r;
	assert_int_equal(ktap_parse(console, strlen(console), &r), 0);
	struct autoload_stats s;
	autoload_stats_from_ktap(&r, &s);
	ktap_report_free(&r);
	assert_int_equal(s.n, 2);
	const struct autoload_who *u = autoload_stats_who(&s, "unpriv");
	assert_non_null(u);
	assert_int_equal(u->requests, 412);
	assert_int_equal(u->loaded, 3);
	const struct autoload_who *n = autoload_stats_who(&s, "userns");
	assert_non_null(n);
	assert_int_equal(n->requests, 420);
	assert_null(autoload_stats_who(&s, "root"));
}

static void malformed_lines_are_not_measurements(void **state)
{
	(void)state;
	struct autoload_who w;
	assert_true(autoload_line_parse("autoload unpriv requests=0 loaded=0", &w));
	assert_int_equal(w.requests, 0);
	assert_false(autoload_line_parse("autoload unpriv requests=x loaded=0", &w));
	assert_false(autoload_line_parse("autoload unpriv loaded=0 requests=1", &w));
	assert_false(autoload_line_parse("autoload  requests=1 loaded=0", &w));
	assert_false(autoload_line_parse("autoloaded unpriv requests=1 loaded=0", &w));
	assert_false(autoload_line_parse("autoload averyveryverylongname requests=1 loaded=0", &w));
}

static void json_round_trip_and_bad_json(void **state)
{
	(void)state;
	struct autoload_stats s = { .n = 2 };
	snprintf(s.who[0].who, sizeof(s.who[0].who), "unpriv");
	s.who[0].requests = 7;
	snprintf(s.who[1].who, sizeof(s.who[1].who), "userns");
	s.who[1].loaded = 2;
	json_t *j = autoload_stats_to_json(&s);
	struct autoload_stats back;
	char err[200];
	assert_int_equal(autoload_stats_from_json(j, &back, err, sizeof(err)), 0);
	json_decref(j);
	assert_int_equal(back.n, 2);
	assert_int_equal(back.who[0].requests, 7);
	assert_int_equal(back.who[1].loaded, 2);
	assert_int_equal(autoload_stats_from_json(NULL, &back, err, sizeof(err)), 0);
	assert_int_equal(back.n, 0);
	const char *text = "[{\"who\": \"unpriv\", \"requests\": -1, \"loaded\": 0}]";
	json_t *bad = json_loads(text, 0, NULL);
	assert_non_null(bad);
	assert_int_equal(autoload_stats_from_json(bad, &back, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "entry 0"));
	json_decref(bad);
	/* a key missing: json_unpack's words say which */
	text = "[{\"who\": \"unpriv\", \"requests\": 1}]";
	bad = json_loads(text, 0, NULL);
	assert_int_equal(autoload_stats_from_json(bad, &back, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "entry 0: "));
	assert_null(strstr(err, "out of range"));
	json_decref(bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_are_read_per_identity),
		cmocka_unit_test(malformed_lines_are_not_measurements),
		cmocka_unit_test(json_round_trip_and_bad_json),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
