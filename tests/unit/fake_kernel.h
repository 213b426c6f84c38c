/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake stages for the matrix's unit tests: kernels that fetch, apply, build and boot in no
 * time, each behaving as its scenario says, with a context whose cache is a temporary folder.
 * The suites and features come from the driver's own tables, never from a list here. */
#ifndef HB_TEST_FAKE_KERNEL_H
#define HB_TEST_FAKE_KERNEL_H

#include "exitcodes.h"
#include "feature_table.h"
#include "fsutil.h"
#include "guest_expect.h"
#include "json_util.h"
#include "run_kernel.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct fake_kernel {
	const char *name;
	int fetch_rc, apply_rc;
	int build_rc[FLAVOURS];
	int test_rc[FLAVOURS]; /* 3: QEMU cannot start */
	bool panic[FLAVOURS];  /* the guest never finishes */
	const char *upstream;  /* "a,b": features vanilla has already (apply finds them present) */
	const char *broken;    /* "a,b": features whose suites fail on patched */
	bool crash;            /* the build kills its process (for the matrix's children) */
};

static struct fake_kernel fake_kernels[8];
static size_t fake_count;

static bool fake_in(const char *list, const char *name)
{
	if (!list || !name)
		return false;
	size_t n = strlen(name);
	for (const char *p = list; *p; p += strcspn(p, ","), p += *p == ',')
		if (strcspn(p, ",") == n && strncmp(p, name, n) == 0)
			return true;
	return false;
}

static const struct fake_kernel *fake_find(const char *name)
{
	for (size_t i = 0; i < fake_count; i++)
		if (strcmp(fake_kernels[i].name, name) == 0)
			return &fake_kernels[i];
	return NULL;
}

static int fake_fetch(struct hb_ctx *ctx, const struct kernel_entry *e,
		      struct fetch_record *out, char **log)
{
	const struct fake_kernel *k = fake_find(e->name);
	snprintf(out->version, sizeof(out->version), "1.0-fake");
	snprintf(out->tree, sizeof(out->tree), "%s/src/%s", ctx->cache, e->name);
	*log = xasprintf("%s/apt/%s/apt.log", ctx->cache, e->name);
	return k->fetch_rc;
}

static int fake_apply(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, unsigned mask, struct apply_record *out,
		      char **log)
{
	assert_string_equal(fetched->version, "1.0-fake"); /* what the fetch stage handed on */
	const struct fake_kernel *k = fake_find(e->name);
	memset(out, 0, sizeof(*out));
	out->version = strdup(fetched->version);
	for (size_t i = 0; i < features_count; i++)
		out->outcome[i] = !(mask & (1u << i)) ? OUTCOME_UNKNOWN
				  : fake_in(k->upstream, features[i].name) ? OUTCOME_PRESENT
									    : OUTCOME_CHANGED;
	*log = xasprintf("%s/work/%s/apply.log", ctx->cache, e->name);
	return k->apply_rc;
}

static int fake_build(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, const struct apply_record *applied,
		      bool vanilla, struct build_output *out)
{
	assert_string_equal(fetched->version, "1.0-fake");
	assert_string_equal(applied->version, "1.0-fake"); /* what apply handed on */
	const struct fake_kernel *k = fake_find(e->name);
	if (k->crash)
		raise(SIGKILL);
	out->dir = xasprintf("%s/build/%s/%s", ctx->cache, e->name, vanilla ? "vanilla" : "patched");
	out->log = fs_join(out->dir, "build.log");
	fs_mkdir_p(out->dir, 0755);
	return k->build_rc[vanilla ? FLAVOUR_VANILLA : FLAVOUR_PATCHED];
}

/* What the guest prints, parsed as the test stage parses it: a result per suite, two cases
 * each. */
static void fake_results_ktap(struct guest_run_result *g)
{
	char *text = xasprintf("KTAP version 1\n1..%d\n", g->n_suites);
	for (int i = 0; i < g->n_suites; i++) {
		const struct suite_verdict *s = &g->suites[i];
		char *more = xasprintf("%s    KTAP version 1\n    1..2\n    ok 1 first\n"
				       "    %s 2 reads <proc> & \"says\" so%s\n%s %d %s\n", text,
				       s->passed ? "ok" : "not ok",
				       s->passed ? "" : " # errno 13 'EACCES'",
				       s->passed ? "ok" : "not ok", i + 1, s->suite);
		free(text);
		text = more;
	}
	if (ktap_parse(text, strlen(text), &g->ktap) != 0)
		abort();
	free(text);
}

/* The suite of suites.def named NAME. */
static const struct guest_suite *fake_suite(const char *name)
{
	for (size_t i = 0; i < guest_suites_count; i++)
		if (strcmp(guest_suites[i].name, name) == 0)
			return &guest_suites[i];
	abort();
}

static int fake_test(struct hb_ctx *ctx, const struct kernel_entry *e,
		     const struct fetch_record *fetched, const struct apply_record *applied,
		     bool vanilla, const struct build_output *b, struct guest_run_result *g)
{
	assert_string_equal(fetched->version, "1.0-fake");
	const struct fake_kernel *k = fake_find(e->name);
	enum flavour fl = vanilla ? FLAVOUR_VANILLA : FLAVOUR_PATCHED;
	memset(g, 0, sizeof(*g));
	g->vanilla = vanilla;
	struct guest_boot *gb = &g->boot;
	gb->dir = strdup(b->dir);
	if (k->test_rc[fl])
		return k->test_rc[fl];
	gb->booted = !k->panic[fl];
	gb->boot_problem = gb->booted ? NULL : strdup("KERNEL PANIC");
	gb->console_clean = true;
	gb->accel = strdup("tcg");
	gb->boot_seconds = 1.5;
	g->as_expected = gb->booted;
	/* the real expectations: apply added what is not upstream (its record says so), the tables
	 * are built in */
	struct guest_expect_input in = { .vanilla = vanilla, .selected = features_selected(ctx),
					 .added = apply_record_changed(applied),
					 .tables_built_in = true };
	for (size_t i = 0; i < guest_suite_count() && gb->booted; i++) {
		if (!guest_suite_selected(ctx, i))
			continue;
		struct suite_verdict *s = &g->suites[g->n_suites++];
		const char *feature = guest_suite_feature(i);
		s->suite = guest_suite_name(i);
		s->feature = feature;
		s->expect_pass = guest_suite_expect_pass(fake_suite(s->suite), &in);
		s->seen = true;
		s->passed = !feature ? true : vanilla ? fake_in(k->upstream, feature)
						      : !fake_in(k->broken, feature);
		s->cases_total = 2;
		s->cases_passed = s->passed ? 2 : 1;
		g->as_expected = g->as_expected && s->passed == s->expect_pass;
	}
	/* the leaks suite's measurement: none left at kptr_restrict=1 once patched */
	if (gb->booted) {
		gb->leaks.level[0] = (struct leak_level){ 0, 7, 3, 900 };
		gb->leaks.level[1] = (struct leak_level){ 1, vanilla ? 5 : 0, vanilla ? 2 : 0, 900 };
		gb->leaks.n = 2;
	}
	fake_results_ktap(g);
	return g->as_expected ? HB_EXIT_OK : HB_EXIT_FAILED;
}

/* kernel-hardening-checker: vanilla fails one check more than patched. */
static void fake_judge(struct hb_ctx *ctx, const struct kernel_entry *e,
		       const struct build_output *b, struct run_flavour *fl)
{
	(void)ctx;
	(void)e;
	bool vanilla = strstr(b->dir, "/vanilla") != NULL;
	const char *json = vanilla
		? "[{\"option_name\": \"kernel.kptr_restrict\", \"type\": \"sysctl\", \"reason\": "
		  "\"r\", \"decision\": \"kspp\", \"desired_val\": \"2\", \"check_result\": "
		  "\"FAIL: \\\"0\\\"\", \"check_result_bool\": false}]"
		: "[{\"option_name\": \"kernel.kptr_restrict\", \"type\": \"sysctl\", \"reason\": "
		  "\"r\", \"decision\": \"kspp\", \"desired_val\": \"2\", \"check_result\": "
		  "\"OK\", \"check_result_bool\": true}]";
	char err[256];
	if (hc_checks_parse(json, strlen(json), &fl->checker.boot, err, sizeof(err)) != 0)
		abort();
	fl->checker.ran = true;
	fl->checker.version = strdup("0.6.17.1-3");
}

static int fake_series(const struct hb_ctx *ctx, const struct kernel_entry *e,
		       struct run_series *out)
{
	(void)ctx;
	(void)e;
	memset(out, 0, sizeof(*out));
	out->patches = calloc(1, sizeof(*out->patches));
	out->patches[0].name = strdup("0001-fake.patch");
	memset(out->patches[0].sha256, 'a', 64);
	out->n = 1;
	out->known = true;
	run_series_hash(out);
	return 0;
}

static const struct kernel_ops fake_ops = {
	.fetch = fake_fetch, .apply = fake_apply, .build = fake_build, .test = fake_test,
	.judge = fake_judge, .series = fake_series,
};

/* A context over the fake kernels (all "debian" entries of one list), cache in a temp dir. */
static void fake_ctx(struct hb_ctx *ctx)
{
	char tmpl[] = "/tmp/hb-fake-XXXXXX";
	memset(ctx, 0, sizeof(*ctx));
	ctx->cache = strdup(mkdtemp(tmpl));
	ctx->repo = strdup("/nonexistent-repo");
	ctx->kernels_path = strdup("fake.list");
	ctx->apt_etc = strdup("/nonexistent");
	char *text = strdup("");
	for (size_t i = 0; i < fake_count; i++) {
		char *more = xasprintf("%s%s debian bookworm linux-source-6.1\n", text,
				       fake_kernels[i].name);
		free(text);
		text = more;
	}
	char err[256];
	if (kernels_list_parse(text, "fake.list", &ctx->kernels, err, sizeof(err)) != 0)
		abort();
	free(text);
}

static void fake_ctx_free(struct hb_ctx *ctx)
{
	fs_remove_tree(ctx->cache);
	ctx_free(ctx);
}

/* Runs the fake kernel NAME through run_kernel. */
static int fake_run(struct hb_ctx *ctx, const char *name, struct run_result *r)
{
	const struct kernel_entry *e = kernels_list_find(&ctx->kernels, name);
	struct run_opts o = { .run_id = "matrix-test", .order = (int)(e - ctx->kernels.entries) };
	return run_kernel(ctx, e, &o, &fake_ops, r);
}

#endif
