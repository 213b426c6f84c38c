// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: run_kernel's stages over fake kernels, the matrix over several (one after the
 * other and in parallel processes), its arguments, the CPU split, and the command's bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_kernel.h"
#include "matrix_args.h"
#include "matrix_run.h"
#include "report.h"
#include "run_result_json.h"
#include "spawn.h"

static int setup(void **state)
{
	(void)state;
	memset(fake_kernels, 0, sizeof(fake_kernels));
	fake_count = 0;
	return 0;
}

static struct fake_kernel *add(const char *name)
{
	struct fake_kernel *k = &fake_kernels[fake_count++];
	k->name = name;
	return k;
}

static const struct run_feature *row(const struct run_result *r, const char *name)
{
	for (size_t i = 0; i < r->n_features; i++)
		if ((!name && !r->features[i].name) ||
		    (name && r->features[i].name && !strcmp(r->features[i].name, name)))
			return &r->features[i];
	fail_msg("no row %s", name ? name : "(smoke)");
	return NULL;
}

static void all_proven(void **state)
{
	(void)state;
	add("k1")->upstream = features[1].name;
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "k1", &r), HB_EXIT_OK);
	assert_int_equal(r.n_features, features_count + 1);
	for (int s = 0; s < RUN_STAGES; s++)
		assert_int_equal(r.stages[s].status, STAGE_OK);
	assert_string_equal(r.version, "1.0-fake");
	assert_int_equal(row(&r, NULL)->verdict, VERDICT_NO_REGRESSION);
	assert_int_equal(row(&r, features[0].name)->verdict, VERDICT_PROVEN);
	assert_int_equal(row(&r, features[1].name)->verdict, VERDICT_UPSTREAM);
	assert_int_equal(row(&r, features[0].name)->state[FLAVOUR_VANILLA], ROW_FAIL);
	assert_int_equal(row(&r, features[0].name)->state[FLAVOUR_PATCHED], ROW_PASS);
	assert_null(row(&r, features[0].name)->log);
	/* the guest's results are kept for the reports */
	assert_non_null(r.flavour[FLAVOUR_PATCHED].results);
	assert_non_null(strstr(r.flavour[FLAVOUR_PATCHED].console_log, "/build/k1/patched/console.log"));
	assert_int_equal(r.n_suites, guest_suite_count());
	/* the leak measurement is kept per flavour */
	const struct leak_level *l = leak_stats_level(&r.flavour[FLAVOUR_VANILLA].boot.leaks, 1);
	assert_non_null(l);
	assert_int_equal(l->total, 5);
	assert_int_equal(leak_stats_level(&r.flavour[FLAVOUR_PATCHED].boot.leaks, 1)->total, 0);
	/* each flavour that booted is judged by kernel-hardening-checker; the series is named */
	assert_true(r.flavour[FLAVOUR_VANILLA].checker.ran);
	assert_int_equal(r.flavour[FLAVOUR_VANILLA].checker.boot.fail, 1);
	assert_int_equal(r.flavour[FLAVOUR_PATCHED].checker.boot.ok, 1);
	assert_true(r.series.known);
	assert_int_equal(strlen(r.series.patchset_hash), 64);
	/* and both survive the per-kernel JSON */
	json_t *v = run_result_to_json(&r);
	struct run_result back;
	char err[256];
	assert_int_equal(run_result_from_json(v, &back, err, sizeof(err)), 0);
	assert_true(back.flavour[FLAVOUR_PATCHED].checker.ran);
	assert_string_equal(back.series.patchset_hash, r.series.patchset_hash);
	run_result_free(&back);
	json_decref(v);
	run_result_free(&r);
	fake_ctx_free(&ctx);
}

static void failed_on_patched_names_the_console(void **state)
{
	(void)state;
	add("k1")->broken = features[0].name;
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "k1", &r), HB_EXIT_FAILED);
	/* the guest booted cleanly: the test stage is ok, the verdict says what failed */
	assert_int_equal(r.stages[STAGE_TEST_PATCHED].status, STAGE_OK);
	const struct run_feature *f = row(&r, features[0].name);
	assert_int_equal(f->verdict, VERDICT_FAILED_PATCHED);
	assert_string_equal(f->log, r.flavour[FLAVOUR_PATCHED].console_log);
	assert_int_equal(row(&r, features[1].name)->verdict, VERDICT_PROVEN);
	run_result_free(&r);
	fake_ctx_free(&ctx);
}

static void failed_build_skips_its_test_only(void **state)
{
	(void)state;
	add("k1")->build_rc[FLAVOUR_VANILLA] = HB_EXIT_FAILED;
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "k1", &r), HB_EXIT_FAILED);
	assert_int_equal(r.stages[STAGE_BUILD_VANILLA].status, STAGE_FAILED);
	assert_int_equal(r.stages[STAGE_TEST_VANILLA].status, STAGE_SKIPPED);
	assert_int_equal(r.stages[STAGE_BUILD_PATCHED].status, STAGE_OK);
	assert_int_equal(r.stages[STAGE_TEST_PATCHED].status, STAGE_OK);
	assert_false(r.flavour[FLAVOUR_VANILLA].checker.ran); /* no guest: nothing to judge */
	assert_true(r.flavour[FLAVOUR_PATCHED].checker.ran);
	assert_non_null(strstr(r.stages[STAGE_BUILD_VANILLA].log, "/build/k1/vanilla/build.log"));
	for (size_t i = 0; i < r.n_features; i++) {
		assert_int_equal(r.features[i].verdict, VERDICT_STAGE_FAILED);
		assert_int_equal(r.features[i].failed_stage, STAGE_BUILD_VANILLA);
		assert_string_equal(r.features[i].log, r.stages[STAGE_BUILD_VANILLA].log);
	}
	run_result_free(&r);
	fake_ctx_free(&ctx);
}

static void broken_environment_stops_the_kernel(void **state)
{
	(void)state;
	add("k1")->fetch_rc = HB_EXIT_ENV;
	add("k2")->test_rc[FLAVOUR_VANILLA] = HB_EXIT_ENV;
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "k1", &r), HB_EXIT_ENV);
	assert_int_equal(r.stages[STAGE_FETCH].status, STAGE_BROKEN);
	for (int s = STAGE_APPLY; s < RUN_STAGES; s++)
		assert_int_equal(r.stages[s].status, STAGE_SKIPPED);
	assert_non_null(strstr(r.stages[STAGE_FETCH].detail, "exit 3"));
	run_result_free(&r);
	/* QEMU cannot start on vanilla: the patched flavour is not built for nothing */
	assert_int_equal(fake_run(&ctx, "k2", &r), HB_EXIT_ENV);
	assert_int_equal(r.stages[STAGE_TEST_VANILLA].status, STAGE_BROKEN);
	assert_int_equal(r.stages[STAGE_BUILD_PATCHED].status, STAGE_SKIPPED);
	run_result_free(&r);
	fake_ctx_free(&ctx);
}

static void guest_panic_fails_the_test_stage(void **state)
{
	(void)state;
	add("k1")->panic[FLAVOUR_PATCHED] = true;
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "k1", &r), HB_EXIT_FAILED);
	assert_int_equal(r.stages[STAGE_TEST_PATCHED].status, STAGE_FAILED);
	assert_string_equal(r.stages[STAGE_TEST_PATCHED].detail, "guest: KERNEL PANIC");
	assert_string_equal(r.stages[STAGE_TEST_PATCHED].log, r.flavour[FLAVOUR_PATCHED].console_log);
	assert_int_equal(row(&r, NULL)->verdict, VERDICT_STAGE_FAILED);
	run_result_free(&r);
	fake_ctx_free(&ctx);
}

static void selected_features_only(void **state)
{
	(void)state;
	add("k1");
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	ctx.features = 1u << 0;
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "k1", &r), HB_EXIT_OK);
	assert_int_equal(r.n_features, 2);
	assert_string_equal(r.features[1].name, features[0].name);
	for (size_t i = 0; i < r.n_suites; i++)
		assert_true(!r.suites[i].feature || !strcmp(r.suites[i].feature, features[0].name));
	run_result_free(&r);
	fake_ctx_free(&ctx);
}

static void matrix_sequential_and_parallel(void **state)
{
	(void)state;
	add("good");
	add("bad")->broken = features[0].name;
	add("nobuild")->build_rc[FLAVOUR_PATCHED] = HB_EXIT_FAILED;
	add("lost")->crash = true;
	struct hb_ctx ctx;
	fake_ctx(&ctx);
	const struct kernel_entry *kernels[4];
	for (int i = 0; i < 4; i++)
		kernels[i] = &ctx.kernels.entries[i];
	char *dir = fs_join(ctx.cache, "reports/one");
	struct matrix_plan plan = { .kernels = kernels, .count = 3, .parallel = 1, .dir = dir,
				    .run_id = "one" };
	struct run_result seq[4], par[4];
	/* one after the other, in this process (without the kernel that kills its process) */
	assert_int_equal(matrix_run(&ctx, &plan, &fake_ops, seq), HB_EXIT_FAILED);
	assert_int_equal(seq[0].exit_code, 0);
	assert_int_equal(seq[1].exit_code, 1);
	assert_int_equal(seq[2].exit_code, 1);
	char *json = fs_join(dir, "kernels/bad.json");
	assert_true(fs_exists(json));
	free(json);
	/* two at once in child processes: the same results, read back from their JSON; the lost
	 * child is reported as broken with its log */
	free(dir);
	dir = fs_join(ctx.cache, "reports/two");
	plan.dir = dir;
	plan.count = 4;
	plan.parallel = 2;
	assert_int_equal(matrix_run(&ctx, &plan, &fake_ops, par), HB_EXIT_ENV);
	for (int i = 0; i < 3; i++) {
		assert_string_equal(par[i].kernel, seq[i].kernel);
		assert_int_equal(par[i].exit_code, seq[i].exit_code);
		for (size_t k = 0; k < par[i].n_features; k++)
			assert_int_equal(par[i].features[k].verdict, seq[i].features[k].verdict);
	}
	assert_string_equal(par[3].kernel, "lost");
	assert_int_equal(par[3].exit_code, HB_EXIT_ENV);
	assert_non_null(strstr(par[3].stages[STAGE_FETCH].detail, "killed by signal 9"));
	assert_non_null(strstr(par[3].stages[STAGE_FETCH].log, "/logs/lost.log"));
	char *log = fs_join(dir, "logs/bad.log");
	char *text = fs_read_file(log, NULL);
	assert_non_null(text);
	assert_non_null(strstr(text, "bad: test patched ok"));
	free(text);
	free(log);
	for (int i = 0; i < 4; i++) {
		if (i < 3)
			run_result_free(&seq[i]);
		run_result_free(&par[i]);
	}
	free(dir);
	fake_ctx_free(&ctx);
}

static void jobs_split(void **state)
{
	(void)state;
	assert_int_equal(matrix_make_jobs(8, 1), 8);
	assert_int_equal(matrix_make_jobs(8, 3), 2);
	assert_int_equal(matrix_make_jobs(8, 4), 2);
	assert_int_equal(matrix_make_jobs(2, 4), 1);
	assert_int_equal(matrix_make_jobs(1, 2), 1);
	assert_int_equal(matrix_make_jobs(0, 2), 1);
	assert_int_equal(matrix_make_jobs(16, 0), 16);
}

static int parse(struct hb_ctx *ctx, char **argv, struct matrix_args *a, char *err)
{
	int argc = 0;
	while (argv[argc])
		argc++;
	return matrix_args_parse(ctx, argc, argv, a, err, 1024);
}

static void arguments(void **state)
{
	(void)state;
	struct hb_ctx ctx;
	memset(&ctx, 0, sizeof(ctx));
	struct hb_ctx *l = &ctx;
	char err[1024];
	assert_int_equal(kernels_list_parse("5.10 debian bullseye linux-source-5.10\n"
					    "6.1 debian bookworm linux-source-6.1\n"
					    "6.12 debian trixie linux-source-6.12\n",
					    "kernels.list", &ctx.kernels, err, sizeof(err)), 0);
	struct matrix_args a;
	assert_int_equal(parse(l, (char *[]){ "matrix", NULL }, &a, err), 0);
	assert_int_equal(a.count, 3);
	assert_int_equal(a.jobs, 1);
	assert_int_equal(a.features, 0);
	assert_false(a.reuse_apply);
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--reuse-apply", NULL }, &a, err), 0);
	assert_true(a.reuse_apply);
	matrix_args_free(&a);
	/* named kernels run in kernels.list order, each once */
	assert_int_equal(parse(l, (char *[]){ "matrix", "--kernels", "6.12,5.10,6.12", "-j", "2",
					       NULL }, &a, err), 0);
	assert_int_equal(a.count, 2);
	assert_string_equal(a.kernels[0]->name, "5.10");
	assert_string_equal(a.kernels[1]->name, "6.12");
	assert_int_equal(a.jobs, 2);
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "-j3", "--out", "/tmp/x", "--features",
					       (char *)features[0].name, NULL }, &a, err), 0);
	assert_int_equal(a.jobs, 3);
	assert_string_equal(a.out, "/tmp/x");
	assert_int_equal(a.features, 1u << 0);
	matrix_args_free(&a);
	/* every unknown kernel is named, with the known ones */
	assert_int_equal(parse(l, (char *[]){ "matrix", "--kernels", "4.19,6.1,9.9", NULL }, &a,
			       err), -1);
	assert_string_equal(err, "unknown kernels '4.19', '9.9' (known: 5.10, 6.1, 6.12)");
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--kernels", "6.1,", NULL }, &a, err), 0);
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--kernels", ",6.1", NULL }, &a, err), -1);
	assert_non_null(strstr(err, "empty name"));
	matrix_args_free(&a);
	static const char *const bad_jobs[] = { "0", "-1", "x", "2x", "65", "" };
	for (size_t i = 0; i < sizeof(bad_jobs) / sizeof(bad_jobs[0]); i++) {
		assert_int_equal(parse(l, (char *[]){ "matrix", "-j", (char *)bad_jobs[i], NULL },
				       &a, err), -1);
		assert_non_null(strstr(err, "-j '"));
		matrix_args_free(&a);
	}
	assert_int_equal(parse(l, (char *[]){ "matrix", "--features", "nosuch", NULL }, &a, err), -1);
	assert_non_null(strstr(err, "unknown feature 'nosuch'"));
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "6.1", NULL }, &a, err), -1);
	assert_non_null(strstr(err, "unexpected argument '6.1'"));
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--frob", NULL }, &a, err), -1);
	assert_non_null(strstr(err, "unknown option '--frob'"));
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--kernels", NULL }, &a, err), -1);
	assert_non_null(strstr(err, "needs a value"));
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--help", NULL }, &a, err), 0);
	assert_true(a.help);
	matrix_args_free(&a);
	/* the options it shares with apply and run go where theirs go */
	assert_int_equal(parse(l, (char *[]){ "matrix", "--signoff", "--author", "A <a@invalid>",
					       "--cover-letter", NULL }, &a, err), 0);
	assert_true(ctx.signoff && ctx.cover_letter);
	assert_string_equal(ctx.author, "A <a@invalid>");
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--author", "nobody", NULL }, &a, err), -1);
	assert_string_equal(err, ""); /* said by the option's own parser */
	assert_false(a.config_refused); /* the usage follows */
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--config", "/nonexistent/config", NULL },
			       &a, err), -1);
	assert_string_equal(err, "");
	assert_true(a.config_refused); /* as build and run: the message alone */
	assert_null(ctx.user_config);
	matrix_args_free(&a);
	assert_int_equal(parse(l, (char *[]){ "matrix", "--config", "debian:cloud-amd64", NULL },
			       &a, err), 0);
	assert_string_equal(ctx.distro_flavour, "cloud-amd64");
	matrix_args_free(&a);
	free(ctx.distro_flavour);
	kernels_list_free(&ctx.kernels);
}

/* The command itself: bad input is refused with exit 2 before anything runs. */
static void command_bad_input(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/hb-matrix-XXXXXX";
	char *dir = mkdtemp(tmpl);
	char *list = fs_join(dir, "kernels.list");
	const char *text = "5.10 debian bullseye linux-source-5.10\n6.1 debian bookworm linux-source-6.1\n";
	fs_write_file_atomic(list, text, strlen(text));
	char *env_list = xasprintf("BACKPORT_KERNELS_LIST=%s", list);
	char *env_cache = xasprintf("BACKPORT_CACHE=%s/cache", dir);
	char *env[] = { env_list, env_cache, NULL };
	char *errpath = fs_join(dir, "stderr");
	const char *bin = getenv("BACKPORT_BIN") ? getenv("BACKPORT_BIN") : "out/backport";
	struct {
		char *argv[6];
		const char *message;
	} cases[] = {
		{ { (char *)bin, "matrix", "--kernels", "4.19,6.1,nope", NULL },
		  "unknown kernels '4.19', 'nope' (known: 5.10, 6.1)" },
		{ { (char *)bin, "matrix", "-j", "0", NULL }, "-j '0'" },
		{ { (char *)bin, "matrix", "--features", "nosuch", NULL }, "unknown feature 'nosuch'" },
		{ { (char *)bin, "matrix", "--author", "nobody", NULL }, "--author 'nobody'" },
		{ { (char *)bin, "matrix", "--config", "/nonexistent/x", NULL },
		  "--config /nonexistent/x: cannot read it" },
		{ { (char *)bin, "report", "merge", dir, NULL }, "no per-kernel results" },
		{ { (char *)bin, "report", "merge", "/nonexistent/x", NULL }, "no such file or folder" },
		{ { (char *)bin, "report", "frob", NULL }, "unknown subcommand 'frob'" },
		{ { (char *)bin, "ci-config", "jenkins", NULL }, "unknown CI 'jenkins'" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unlink(errpath);
		struct spawn_opts o = { .log_path = errpath, .env_add = env };
		int st = spawn_run(cases[i].argv, &o);
		char *err = fs_read_file(errpath, NULL);
		if (st != 2 || !err || !strstr(err, cases[i].message))
			fail_msg("%s %s: expected exit 2 and '%s', got %d and:\n%s", cases[i].argv[1],
				 cases[i].argv[2] ? cases[i].argv[2] : "", cases[i].message, st,
				 err ? err : "");
		free(err);
	}
	/* nothing was run: no report folder */
	char *reports = xasprintf("%s/cache/reports", dir);
	assert_false(fs_exists(reports));
	free(reports);
	free(errpath);
	free(env_list);
	free(env_cache);
	free(list);
	fs_remove_tree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(all_proven, setup),
		cmocka_unit_test_setup(failed_on_patched_names_the_console, setup),
		cmocka_unit_test_setup(failed_build_skips_its_test_only, setup),
		cmocka_unit_test_setup(broken_environment_stops_the_kernel, setup),
		cmocka_unit_test_setup(guest_panic_fails_the_test_stage, setup),
		cmocka_unit_test_setup(selected_features_only, setup),
		cmocka_unit_test_setup(matrix_sequential_and_parallel, setup),
		cmocka_unit_test(jobs_split),
		cmocka_unit_test(arguments),
		cmocka_unit_test(command_bad_input),
	};
	return cmocka_run_group_tests_name("matrix", tests, NULL, NULL);
}
