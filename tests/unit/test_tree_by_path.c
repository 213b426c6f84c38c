// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: a kernel given by path ("NAME dir PATH" in kernels.list) through the whole job
 * (its own tree is its fetch record, its series goes to the cache, a build the machine's gcc
 * cannot do says so), and spatch's per-file timeout (the files it gave up on, in the feature's
 * result and in apply.json). No kernel, no spatch run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_files.h"

#include "apply.h"
#include "apply_path_write.h"
#include "apply_record.h"
#include "ctx.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "kernels_list.h"
#include "run_kernel.h"
#include "spatch_run.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The least a kernel tree has (fs_is_kernel_tree), at version 5.15.100. */
static char *fake_tree(void)
{
	char tmpl[] = "/tmp/hb-tree-XXXXXX";
	char *tree = strdup(mkdtemp(tmpl));
	put(tree, "Makefile", "VERSION = 5\nPATCHLEVEL = 15\nSUBLEVEL = 100\nEXTRAVERSION =\n");
	put(tree, "Kconfig", "mainmenu \"Linux\"\n");
	put(tree, "kernel/kmod.c", "\n");
	put(tree, "include/linux/kmod.h", "\n");
	put(tree, "scripts/Makefile", "\n");
	put(tree, "arch/x86/Kconfig", "\n");
	return tree;
}

/* A context over a temporary cache with LIST_TEXT as its kernels.list. */
static void ctx_with(struct hb_ctx *ctx, const char *list_text)
{
	char tmpl[] = "/tmp/hb-cache-XXXXXX";
	memset(ctx, 0, sizeof(*ctx));
	ctx->cache = strdup(mkdtemp(tmpl));
	ctx->repo = strdup("/nonexistent-repo");
	ctx->kernels_path = strdup("test.list");
	ctx->apt_etc = strdup("/nonexistent");
	char err[256];
	assert_int_equal(kernels_list_parse(list_text, "test.list", &ctx->kernels, err, sizeof(err)),
			 0);
}

static void ctx_done(struct hb_ctx *ctx)
{
	fs_remove_tree(ctx->cache);
	ctx_free(ctx);
}

static void dir_entry_is_its_own_fetch_record(void **state)
{
	(void)state;
	char *tree = fake_tree();
	char *list = xasprintf("5.15.100 dir %s\n6.1 debian bookworm linux-source-6.1\n", tree);
	struct hb_ctx ctx;
	ctx_with(&ctx, list);
	struct fetch_record rec;
	/* what the patched build, compile-check and the apply stamp ask: never "never fetched" */
	assert_int_equal(fetch_record_read(&ctx, "5.15.100", &rec), 0);
	assert_string_equal(rec.version, "5.15.100");
	assert_string_equal(rec.tree, tree);
	/* fetch says the same, and writes nothing into the cache for it */
	const struct kernel_entry *e = kernels_list_find(&ctx.kernels, "5.15.100");
	struct fetch_record fetched;
	assert_int_equal(fetch_kernel(&ctx, e, false, &fetched), 0);
	assert_string_equal(fetched.tree, tree);
	char *kernels = fs_join(ctx.cache, "kernels");
	assert_false(fs_exists(kernels));
	free(kernels);
	/* a Debian entry still needs its fetch */
	assert_int_equal(fetch_record_read(&ctx, "6.1", &rec), -1);
	/* a dir entry whose tree went away has no record either */
	fs_remove_tree(tree);
	assert_int_equal(fetch_record_read(&ctx, "5.15.100", &rec), -1);
	ctx_done(&ctx);
	free(list);
	free(tree);
}

static void every_series_goes_to_the_cache(void **state)
{
	(void)state;
	struct hb_ctx ctx;
	ctx_with(&ctx, "mine dir /srv/linux-6.6\n6.1 debian bookworm linux-source-6.1\n");
	char *dir = apply_series_dir(&ctx, kernels_list_find(&ctx.kernels, "mine"));
	char *want = xasprintf("%s/work/mine/patches", ctx.cache);
	assert_string_equal(dir, want);
	assert_false(fs_path_inside(dir, ctx.repo));
	free(dir);
	free(want);
	/* a Debian entry's too: apply never writes the repo's committed series */
	dir = apply_series_dir(&ctx, kernels_list_find(&ctx.kernels, "6.1"));
	want = xasprintf("%s/work/6.1/patches", ctx.cache);
	assert_string_equal(dir, want);
	assert_false(fs_path_inside(dir, ctx.repo));
	free(want);
	free(dir);
	ctx_done(&ctx);
}

static void run_tree_names_the_tree_after_its_folder(void **state)
{
	(void)state;
	char *tree = fake_tree();
	const char *base = strrchr(tree, '/') + 1;
	struct hb_ctx ctx;
	ctx_with(&ctx, "6.1 debian bookworm linux-source-6.1\n");
	const struct kernel_entry *e = run_tree_entry(&ctx, tree);
	assert_non_null(e);
	assert_string_equal(e->name, base);
	assert_int_equal(e->source, KERNEL_SOURCE_DIR);
	assert_int_equal(ctx.kernels.count, 2);
	struct fetch_record rec;
	assert_int_equal(fetch_record_read(&ctx, base, &rec), 0);
	assert_string_equal(rec.version, "5.15.100");
	ctx_done(&ctx);
	/* a list entry of that name for another tree: refused, not mixed up */
	char *list = xasprintf("%s dir /elsewhere\n", base);
	ctx_with(&ctx, list);
	assert_null(run_tree_entry(&ctx, tree));
	assert_null(run_tree_entry(&ctx, "/nonexistent-tree"));
	ctx_done(&ctx);
	free(list);
	fs_remove_tree(tree);
	free(tree);
}

static void first_error_of_a_build_log(void **state)
{
	(void)state;
	const char *log = "  CC      kernel/fork.o\n"
			  "In file included from kernel/bounds.c:13:\n"
			  "  warning: something\n"
			  "./include/linux/log2.h:22:1: warning: ignoring attribute\n"
			  "  ld: arch/x86/boot/compressed/pgtable_64.o:(.bss+0x0): multiple "
			  "definition of `__force_order'; first defined here\n"
			  "scripts/dtc/dtc-lexer.l:26:1: error: multiple definition of yylloc \n"
			  "make[2]: *** [scripts/Makefile.host:95: scripts/dtc/dtc] Error 1\n";
	char *first = kbuild_first_error(log);
	assert_non_null(first);
	assert_string_equal(first, "scripts/dtc/dtc-lexer.l:26:1: error: multiple definition of "
				   "yylloc");
	free(first);
	/* no compiler error: make's own line */
	first = kbuild_first_error("  CC  a.o\nmake: *** No rule to make target 'bzImage'.  Stop.\n");
	assert_string_equal(first, "make: *** No rule to make target 'bzImage'.  Stop.");
	free(first);
	first = kbuild_first_error("  LD vmlinux\nfoo.c:(.text+0x1): undefined reference to `bar'\n");
	assert_string_equal(first, "foo.c:(.text+0x1): undefined reference to `bar'");
	free(first);
	assert_null(kbuild_first_error("  CC  a.o\n  LD  vmlinux\n"));
	char *name = kbuild_compiler_name();
	assert_non_null(strstr(name, "gcc"));
	free(name);
}

static void spatch_timeout_comes_from_the_environment(void **state)
{
	(void)state;
	unsetenv(SPATCH_TIMEOUT_ENV);
	assert_int_equal(spatch_timeout(), SPATCH_TIMEOUT_DEFAULT);
	setenv(SPATCH_TIMEOUT_ENV, "30", 1);
	assert_int_equal(spatch_timeout(), 30);
	setenv(SPATCH_TIMEOUT_ENV, "0", 1); /* 0: no timeout */
	assert_int_equal(spatch_timeout(), 0);
	setenv(SPATCH_TIMEOUT_ENV, "soon", 1);
	assert_int_equal(spatch_timeout(), SPATCH_TIMEOUT_DEFAULT);
	unsetenv(SPATCH_TIMEOUT_ENV);
	int t;
	assert_int_equal(spatch_timeout_parse("200", &t), 0);
	assert_int_equal(t, 200);
	assert_int_equal(spatch_timeout_parse("", &t), -1);
	assert_int_equal(spatch_timeout_parse("-1", &t), -1);
	assert_int_equal(spatch_timeout_parse("12s", &t), -1);
}

/* What spatch 1.1.1 prints on stderr when a file runs into --timeout: with several files (our
 * --file-groups and --dir runs, with -j or --max/--index) "EXN: ...Timeout in FILE" and it goes
 * on; with one file on its command line "timeout (we abort): FILE" before a fatal error. */
static void timed_out_files_are_read_from_spatch_output(void **state)
{
	(void)state;
	const char *err =
		"$ spatch --sp-file cocci/constify_ops.cocci -D patch --timeout 120 ...\n"
		"EXN: Coccinelle_modules.Common.Timeout in /t/w/drivers/net/ethernet/realtek/"
		"r8125_vendor/r8125_n.c\n"
		"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
		"EXN: Coccinelle_modules.Common.Timeout in /t/w/drivers/net/ethernet/realtek/"
		"r8125_vendor/r8125_n.c\n"
		"EXN: Failure(\"some parse problem\") in /t/w/drivers/a.c\n"
		"timeout (we abort): /t/w/drivers/b.c\n"
		"Fatal error: exception Coccinelle_modules.Common.Timeout\n";
	struct spatch_timeouts t = { 0 };
	spatch_timeouts_scan(err, "/t/w", &t);
	assert_int_equal(t.n, 2);
	assert_string_equal(t.files[0], "drivers/net/ethernet/realtek/r8125_vendor/r8125_n.c");
	assert_string_equal(t.files[1], "drivers/b.c");
	assert_null(t.files[2]);
	t.seconds = 120;
	char *text = spatch_timeouts_text(&t);
	assert_string_equal(text, "not examined: 2 files timed out after 120 s "
				  "(drivers/net/ethernet/realtek/r8125_vendor/r8125_n.c, drivers/b.c)");
	free(text);
	/* a later run of the same feature adds only what is new */
	struct spatch_timeouts more = { 0 };
	spatch_timeouts_scan("EXN: Common.Timeout in /t/w/drivers/b.c\n"
			     "EXN: Common.Timeout in /t/w/fs/c.c\n",
			     "/t/w", &more);
	more.seconds = 120;
	spatch_timeouts_merge(&t, &more);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.files[2], "fs/c.c");
	spatch_timeouts_free(&more);
	spatch_timeouts_free(&t);
	struct spatch_timeouts none = { 0 };
	spatch_timeouts_scan("EXN: Failure(\"x\") in /t/w/a.c\n", "/t/w", &none);
	assert_int_equal(none.n, 0);
	assert_null(spatch_timeouts_text(&none));
}

static void a_path_spatch_misreads_gets_a_plain_cache_name(void **state)
{
	(void)state;
	assert_true(spatch_path_safe("/home/me/src/linux-5.4.286_v2,cip=1@x:y%z~"));
	assert_int_equal(spatch_path_unsafe_char("/work/KINGFIOX+linux"), '+');
	assert_int_equal(spatch_path_unsafe_char("/a b/c$d"), ' ');
	assert_false(spatch_path_safe("/src/it's"));
	assert_false(spatch_path_safe("/src/a*b"));

	char *plain = apply_path_id("/home/me/linux");
	assert_string_equal(plain, "path_home_me_linux");
	char *plus = apply_path_id("/src/a+b");
	char *under = apply_path_id("/src/a_b");
	char *space = apply_path_id("/src/a b");
	assert_true(spatch_path_safe(plus));
	assert_true(spatch_path_safe(space));
	assert_int_equal(strncmp(plus, "path_src_a_b-", 13), 0);
	assert_int_equal(strlen(plus), strlen("path_src_a_b-") + 16);
	assert_string_equal(under, "path_src_a_b");
	assert_string_not_equal(plus, space);
	free(plain);
	free(plus);
	free(under);
	free(space);
}

static void apply_record_says_what_was_not_examined(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/hb-record-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *path = fs_join(tmpl, "apply.json");
	struct feature_result results[FEATURES_MAX];
	memset(results, 0, sizeof(results));
	const struct feature *c = feature_find("constify_ops"), *k = feature_find("kallsyms_mode");
	assert_non_null(c);
	assert_non_null(k);
	size_t ci = (size_t)(c - features), ki = (size_t)(k - features);
	results[ci].outcome = OUTCOME_PRESENT;
	spatch_timeouts_scan("EXN: Common.Timeout in /w/drivers/net/r8125_n.c\n", "/w",
			     &results[ci].timed_out);
	results[ci].timed_out.seconds = 120;
	results[ki].outcome = OUTCOME_CHANGED;
	assert_int_equal(apply_record_write(path, "6.6.57", results, (1u << ci) | (1u << ki)), 0);
	char *json = fs_read_file(path, NULL);
	assert_non_null(strstr(json, "\"not_examined\""));
	assert_non_null(strstr(json, "\"drivers/net/r8125_n.c\""));
	assert_non_null(strstr(json, "\"timeout_seconds\": 120"));
	free(json);
	struct apply_record r;
	char err[256];
	assert_int_equal(apply_record_read(path, &r, err, sizeof(err)), 0);
	assert_string_equal(r.not_examined[ci], "not examined: 1 file timed out after 120 s "
						"(drivers/net/r8125_n.c)");
	assert_null(r.not_examined[ki]);
	apply_record_free(&r);
	spatch_timeouts_free(&results[ci].timed_out);
	fs_remove_tree(tmpl);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dir_entry_is_its_own_fetch_record),
		cmocka_unit_test(every_series_goes_to_the_cache),
		cmocka_unit_test(run_tree_names_the_tree_after_its_folder),
		cmocka_unit_test(first_error_of_a_build_log),
		cmocka_unit_test(spatch_timeout_comes_from_the_environment),
		cmocka_unit_test(timed_out_files_are_read_from_spatch_output),
		cmocka_unit_test(apply_record_says_what_was_not_examined),
		cmocka_unit_test(a_path_spatch_misreads_gets_a_plain_cache_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
