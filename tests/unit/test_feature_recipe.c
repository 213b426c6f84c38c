// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: every feature of features[] has every place the recipe of
 * docs/adding-a-hardening.md names: its rule, golden cases (an ERA.c beside its ERA.res), a
 * guest suite (suites.def) with its program, a row in README.md's table of hardenings and its
 * section in docs/rules.md, each sysctl it documents named by its rule; every patch of a committed series is named after a feature, in
 * features[] order; the recipe names each of those places. Run from the repo's root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "feature_table.h"
#include "fsutil.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the file at PATH holds TEXT. */
static bool file_holds(const char *path, const char *text)
{
	char *body = fs_read_file(path, NULL);
	bool holds = body && strstr(body, text);
	free(body);
	return holds;
}

static void every_feature_has_its_rule_and_golden_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < features_count; i++) {
		const char *name = features[i].name;
		char *rule = xasprintf("cocci/%s.cocci", name);
		if (!fs_exists(rule))
			fail_msg("feature %s has no rule %s", name, rule);
		char *dir = xasprintf("cocci/tests/%s", name);
		DIR *d = opendir(dir);
		int cases = 0;
		for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
			size_t n = strlen(e->d_name);
			if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0)
				continue;
			char *res = xasprintf("%s/%.*s.res", dir, (int)(n - 2), e->d_name);
			cases += fs_exists(res);
			free(res);
		}
		if (d)
			closedir(d);
		if (!cases)
			fail_msg("feature %s has no golden case (an ERA.c beside its ERA.res) in %s", name,
				 dir);
		free(dir);
		free(rule);
	}
}

static void every_feature_has_a_suite_with_its_program(void **state)
{
	(void)state;
	for (size_t i = 0; i < features_count; i++) {
		int suites = 0;
		for (size_t k = 0; k < guest_suites_count; k++) {
			const struct guest_suite *s = &guest_suites[k];
			if (!s->feature || strcmp(s->feature, features[i].name) != 0)
				continue;
			char *src = xasprintf("test-initramfs/src/test_%s.c", s->name);
			if (!fs_exists(src))
				fail_msg("suite %s of feature %s has no program %s", s->name,
					 features[i].name, src);
			free(src);
			suites++;
		}
		if (!suites)
			fail_msg("feature %s has no guest suite in suites.def", features[i].name);
	}
}

/* Each sysctl a descriptor documents is one its rule adds ("NAME" in cocci/FEATURE.cocci):
 * the driver adds the documentation only for a sysctl the rule's change names. */
static void every_documented_sysctl_is_its_rules(void **state)
{
	(void)state;
	for (size_t i = 0; i < features_count; i++) {
		char *rule = xasprintf("cocci/%s.cocci", features[i].name);
		for (size_t k = 0; k < FEATURE_SYSCTLS_MAX && features[i].sysctls[k].name; k++) {
			char *quoted = xasprintf("\"%s\"", features[i].sysctls[k].name);
			if (!file_holds(rule, quoted))
				fail_msg("feature %s documents the sysctl %s, which %s never names",
					 features[i].name, features[i].sysctls[k].name, rule);
			if (!features[i].sysctls[k].body || !*features[i].sysctls[k].body)
				fail_msg("feature %s: the sysctl %s has no documentation",
					 features[i].name, features[i].sysctls[k].name);
			free(quoted);
		}
		free(rule);
	}
}

static void every_feature_is_documented(void **state)
{
	(void)state;
	for (size_t i = 0; i < features_count; i++) {
		char *row = xasprintf("\n| %s | `cocci/%s.cocci` |", features[i].name, features[i].name);
		if (!file_holds("README.md", row))
			fail_msg("README.md's table of hardenings has no row for %s", features[i].name);
		char *section = xasprintf("`cocci/%s.cocci`", features[i].name);
		if (!file_holds("docs/rules.md", section))
			fail_msg("docs/rules.md does not describe %s (%s)", features[i].name, section);
		free(section);
		free(row);
	}
}

/* patches/K/series: each patch NNNN-FEATURE.patch (or NNNN-FEATURE-SUFFIX.patch, the feature's
 * fix of another subsystem, right before it), FEATURE in features[], in their order. */
static void committed_series_follow_the_features(void **state)
{
	(void)state;
	DIR *d = opendir("patches");
	assert_non_null(d);
	int kernels = 0;
	for (struct dirent *e = readdir(d); e; e = readdir(d)) {
		if (e->d_name[0] == '.')
			continue;
		char *path = xasprintf("patches/%s/series", e->d_name);
		char *series = fs_read_file(path, NULL);
		if (!series)
			fail_msg("%s cannot be read", path);
		long last = -1;
		bool last_split = false;
		for (char *save = NULL, *l = strtok_r(series, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save)) {
			char feature[64];
			if (l[0] == '#' || sscanf(l, "%*4d-%63[a-z_].patch", feature) != 1)
				fail_msg("%s: '%s' is not NNNN-FEATURE.patch", path, l);
			const struct feature *f = feature_find(feature);
			if (!f)
				fail_msg("%s: %s is no feature of features[]", path, l);
			bool split = strchr(l + 5, '-') != NULL;
			if (split && (!f->split || strstr(l, f->split->suffix) == NULL))
				fail_msg("%s: %s names no split of %s", path, l, f->name);
			if (f - features < last || (f - features == last && !last_split))
				fail_msg("%s: %s is out of features[] order", path, l);
			last_split = split;
			last = f - features;
		}
		free(series);
		free(path);
		kernels++;
	}
	closedir(d);
	assert_true(kernels > 0);
}

/* The recipe names every place a feature needs, and what make patches does. */
static void the_recipe_names_every_place(void **state)
{
	(void)state;
	static const char *const places[] = {
		"cocci/NAME.cocci", "cocci/tests/NAME/", "backport/features/NAME.feature.h",
		"feature_table.c", "suites.def", "test-initramfs/src/test_SUITE.c",
		"test-initramfs/kernel.config", "README.md", "docs/rules.md", "make patches",
		"-incomplete.c", "-absent.c", "ERA.include/", ".sysctls",
		NULL
	};
	for (const char *const *p = places; *p; p++)
		if (!file_holds("docs/adding-a-hardening.md", *p))
			fail_msg("docs/adding-a-hardening.md does not name %s", *p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_feature_has_its_rule_and_golden_cases),
		cmocka_unit_test(every_feature_has_a_suite_with_its_program),
		cmocka_unit_test(every_feature_is_documented),
		cmocka_unit_test(every_documented_sysctl_is_its_rules),
		cmocka_unit_test(committed_series_follow_the_features),
		cmocka_unit_test(the_recipe_names_every_place),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
