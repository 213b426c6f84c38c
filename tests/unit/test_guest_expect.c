// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the one list of guest suites (backport/features/suites.def) agrees with the
 * features and the guest's sources, and what each suite is expected to show on a flavour
 * (backport/boot/guest_expect.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "feature_table.h"
#include "fsutil.h"
#include "guest_expect.h"
#include "guest_run.h"

#include <stdlib.h>
#include <string.h>

#define all ((1u << features_count) - 1) /* every feature selected */

static const struct guest_suite *suite(const char *name)
{
	for (size_t i = 0; i < guest_suites_count; i++)
		if (strcmp(guest_suites[i].name, name) == 0)
			return &guest_suites[i];
	fail_msg("suites.def has no suite %s", name);
	return NULL;
}

static unsigned bit(const char *feature)
{
	const struct feature *f = feature_find(feature);
	assert_non_null(f);
	return 1u << (f - features);
}

/* Every suite names a known feature (or none) and has its guest program; every feature has a
 * suite; the driver's judged list fits its verdict array. */
static void the_list_agrees_with_features_and_sources(void **state)
{
	(void)state;
	assert_true(guest_suite_count() <= GUEST_SUITES_MAX);
	for (size_t i = 0; i < guest_suites_count; i++) {
		const struct guest_suite *s = &guest_suites[i];
		if (s->feature && !feature_find(s->feature))
			fail_msg("suite %s proves unknown feature %s", s->name, s->feature);
		char *src = xasprintf("test-initramfs/src/test_%s.c", s->name);
		bool there = fs_exists(src);
		if (!there && strcmp(s->name, "autoload") == 0) {
			free(src);
			src = strdup("test-initramfs/src/test_autoload_surface.c");
			there = fs_exists(src);
		}
		if (!there)
			fail_msg("suite %s has no guest program (%s)", s->name, src);
		free(src);
	}
	for (size_t i = 0; i < features_count; i++) {
		bool proven = false;
		for (size_t k = 0; k < guest_suites_count; k++)
			proven |= guest_suites[k].feature &&
				  strcmp(guest_suites[k].feature, features[i].name) == 0;
		if (!proven)
			fail_msg("feature %s has no guest suite in suites.def", features[i].name);
	}
}

static void patched_expects_every_suite_to_pass(void **state)
{
	(void)state;
	struct guest_expect_input in = { .vanilla = false, .selected = all, .added = all,
					 .tables_built_in = true };
	for (size_t i = 0; i < guest_suites_count; i++)
		assert_true(guest_suite_expect_pass(&guest_suites[i], &in));
}

static void vanilla_fails_what_apply_added(void **state)
{
	(void)state;
	struct guest_expect_input in = { .vanilla = true, .selected = all,
					 .added = bit("kallsyms_mode") | bit("modules_restrict") };
	assert_false(guest_suite_expect_pass(suite("kallsyms"), &in));
	assert_false(guest_suite_expect_pass(suite("modules_restrict"), &in));
	assert_false(guest_suite_expect_pass(suite("modules_lock"), &in));
	/* present upstream: passes on vanilla too */
	assert_true(guest_suite_expect_pass(suite("dmesg_restrict"), &in));
	/* no feature: the smoke and the measurements pass on both */
	assert_true(guest_suite_expect_pass(suite("smoke"), &in));
	assert_true(guest_suite_expect_pass(suite("leaks"), &in));
	assert_true(guest_suite_expect_pass(suite("autoload"), &in));
}

static void vanilla_fails_a_test_module_proof_whatever_apply_found(void **state)
{
	(void)state;
	struct guest_expect_input in = { .vanilla = true, .selected = all, .added = 0 };
	assert_false(guest_suite_expect_pass(suite("pk_pointers"), &in));
}

static void vanilla_fails_built_in_tables_only_when_some_are_built_in(void **state)
{
	(void)state;
	struct guest_expect_input in = { .vanilla = true, .selected = all,
					 .added = bit("constify_ops"), .tables_built_in = false };
	assert_true(guest_suite_expect_pass(suite("constify"), &in));
	in.tables_built_in = true;
	in.added = 0;
	assert_false(guest_suite_expect_pass(suite("constify"), &in));
}

static void a_suite_is_judged_when_its_feature_is_selected(void **state)
{
	(void)state;
	unsigned only_kallsyms = bit("kallsyms_mode");
	assert_true(guest_suite_judged(suite("kallsyms"), only_kallsyms));
	assert_true(guest_suite_judged(suite("smoke"), only_kallsyms));
	assert_false(guest_suite_judged(suite("modules_lock"), only_kallsyms));
	/* fuzz runs only when asked for: never among the judged */
	assert_false(guest_suite_judged(suite("fuzz"), all));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_list_agrees_with_features_and_sources),
		cmocka_unit_test(patched_expects_every_suite_to_pass),
		cmocka_unit_test(vanilla_fails_what_apply_added),
		cmocka_unit_test(vanilla_fails_a_test_module_proof_whatever_apply_found),
		cmocka_unit_test(vanilla_fails_built_in_tables_only_when_some_are_built_in),
		cmocka_unit_test(a_suite_is_judged_when_its_feature_is_selected),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
