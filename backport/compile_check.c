#include "compile_check.h"

#include "apply.h"
#include "build.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "lock.h"
#include "msg.h"
#include "worktree.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Errors of the kinds a wrong const or a wrong format would give are errors here. */
#define CHECK_KCFLAGS "KCFLAGS=-Werror=discarded-qualifiers -Werror=incompatible-pointer-types"

char **compile_check_files(const char *series_dir, unsigned mask)
{
	char **out = calloc(1, sizeof(char *));
	size_t n = 0;
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)))
			continue;
		for (int index = 1; index < 100; index++) {
			char *name = xasprintf("%s/%04d-%s.patch", series_dir, index, features[i].name);
			char *text = fs_read_file(name, NULL);
			free(name);
			if (!text)
				continue;
			char **files = worktree_diff_files(text);
			for (char **f = files; *f; f++) {
				size_t len = strlen(*f);
				if (len > 2 && !strcmp(*f + len - 2, ".c")) {
					out = realloc(out, (n + 2) * sizeof(char *));
					out[n++] = *f;
					out[n] = NULL;
				} else {
					free(*f);
				}
			}
			free(files);
			free(text);
		}
	}
	return out;
}

/* Is the file built under this config? kbuild says "No rule to make target" when not. */
static bool not_built(const char *log, long from)
{
	FILE *f = fopen(log, "r");
	bool found = false;
	char line[1024];
	if (f && fseek(f, from, SEEK_SET) == 0)
		while (!found && fgets(line, sizeof(line), f))
			found = strstr(line, "No rule to make target") != NULL;
	if (f)
		fclose(f);
	return found;
}

static long log_size(const char *log)
{
	FILE *f = fopen(log, "r");
	long n = 0;
	if (f && fseek(f, 0, SEEK_END) == 0)
		n = ftell(f);
	if (f)
		fclose(f);
	return n;
}

/* CACHE/build/NAME/allmod: the patched tree linked as src, out prepared on allmodconfig. */
static int prepare(const struct hb_ctx *ctx, const char *patched, const char *src,
		   const char *outdir, const char *log, char **env)
{
	static const char *const config[] = { "allmodconfig", NULL };
	static const char *const targets[] = { "prepare", NULL };
	if (worktree_clone(patched, src, log) != 0) {
		msg_error("cannot link %s to %s (log: %s)", patched, src, log);
		return HB_EXIT_ENV;
	}
	fs_mkdir_p(outdir, 0755);
	msg_info("allmodconfig and make prepare in %s (log %s)", outdir, log);
	if (kbuild_make(ctx, src, outdir, log, env, config, "compile-check prepare") != 0 ||
	    kbuild_make(ctx, src, outdir, log, env, targets, "compile-check prepare") != 0) {
		msg_error("make allmodconfig prepare failed (log: %s)", log);
		return HB_EXIT_FAILED;
	}
	return HB_EXIT_OK;
}

/* Points SRC/FILE at FROM/FILE (a hard link, as the clone made it): 0 or -1. */
static int link_from(const char *from, const char *src, const char *file)
{
	char *target = fs_join(src, file), *origin = fs_join(from, file);
	int rc = (unlink(target) == 0 || errno == ENOENT) && link(origin, target) == 0 ? 0 : -1;
	free(origin);
	free(target);
	return rc;
}

/* Compiles FILE as the pristine tree has it, in the same prepared tree: does it build here
 * at all? The patched file is linked back afterwards. */
static bool builds_without_change(const struct hb_ctx *ctx, const char *file,
				  const char *object, const char *pristine, const char *patched,
				  const char *src, const char *outdir, const char *log, char **env)
{
	if (link_from(pristine, src, file) != 0)
		return false;
	const char *const targets[] = { CHECK_KCFLAGS, object, NULL };
	bool ok = kbuild_make(ctx, src, outdir, log, env, targets, "compile-check vanilla") == 0;
	if (link_from(patched, src, file) != 0)
		msg_warn("cannot link %s back from %s into %s", file, patched, src);
	return ok;
}

static int check_files(const struct hb_ctx *ctx, char **files, const char *pristine,
		       const char *patched, const char *src, const char *outdir, const char *log,
		       char **env)
{
	int ok = 0, failed = 0, skipped = 0;
	for (char **f = files; *f; f++) {
		char *object = strdup(*f);
		object[strlen(object) - 1] = 'o';
		const char *const targets[] = { CHECK_KCFLAGS, object, NULL };
		long from = log_size(log);
		int st = kbuild_make(ctx, src, outdir, log, env, targets, "compile-check");
		const char *verdict = "ok";
		if (st == 0) {
			ok++;
		} else if (not_built(log, from)) {
			verdict = "not built on x86_64 allmodconfig";
			skipped++;
		} else if (!builds_without_change(ctx, *f, object, pristine, patched, src, outdir,
						  log, env)) {
			/* Newer kbuild compiles a file of another architecture when asked by
			 * name; it fails there with or without the change. */
			verdict = "does not build on x86_64 allmodconfig, unpatched either";
			skipped++;
		} else {
			verdict = "FAILED (builds without the change)";
			failed++;
		}
		msg_info("%-60s %s", *f, verdict);
		free(object);
	}
	msg_info("compile-check: %d compiled, %d failed, %d not built here (log: %s)", ok, failed,
		 skipped, log);
	return failed ? HB_EXIT_FAILED : HB_EXIT_OK;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: backport compile-check NAME [--features LIST]\n"
		   "Compiles alone, in kernel NAME's patched tree (from backport apply), every .c\n"
		   "file that the features' patches in patches/NAME change, on allmodconfig with\n"
		   "-Werror=discarded-qualifiers -Werror=incompatible-pointer-types. The prepared\n"
		   "tree stays in CACHE/build/NAME/allmod for the next run.\n");
}

int cmd_compile_check(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "features", required_argument, NULL, 'f' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	unsigned mask = (1u << features_count) - 1;
	char err[512];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'f' && features_select(optarg, &mask, err, sizeof(err)) != 0) {
			msg_error("%s", err);
			return HB_EXIT_USAGE;
		} else if (c != 'f') {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = ctx_kernel(ctx, argv[optind]);
	if (!e)
		return HB_EXIT_USAGE;
	char *patched = xasprintf("%s/work/%s/patched", ctx->cache, e->name);
	char *series_dir = xasprintf("%s/patches/%s", ctx->repo, e->name);
	char *dir = xasprintf("%s/build/%s/allmod", ctx->cache, e->name);
	char *src = fs_join(dir, "src"), *outdir = fs_join(dir, "out");
	char *log = fs_join(dir, "compile-check.log");
	char *env_base = xasprintf("CCACHE_BASEDIR=%s", dir);
	char *env[] = { env_base, "CCACHE_NOHASHDIR=1", NULL };
	char **files = compile_check_files(series_dir, mask);
	int rc = HB_EXIT_OK;
	if (!fs_is_dir(patched)) {
		msg_error("no patched tree %s: run backport apply %s first", patched, e->name);
		rc = HB_EXIT_USAGE;
	} else if (!files[0]) {
		msg_info("compile-check %s: the series in %s changes no .c file", e->name, series_dir);
	} else {
		int lock = build_lock(ctx, e);
		int count = 0;
		for (char **f = files; *f; f++)
			count++;
		msg_stage("compile-check %s: %d file(s) of %s", e->name, count, series_dir);
		fs_mkdir_p(dir, 0755);
		fs_write_file_atomic(log, "", 0);
		struct fetch_record rec;
		rc = fetch_record_read(ctx, e->name, &rec) == 0 ? HB_EXIT_OK : HB_EXIT_USAGE;
		if (rc != HB_EXIT_OK)
			msg_error("no pristine tree recorded for %s: run backport fetch %s first",
				  e->name, e->name);
		if (rc == HB_EXIT_OK)
			rc = prepare(ctx, patched, src, outdir, log, env);
		if (rc == HB_EXIT_OK)
			rc = check_files(ctx, files, rec.tree, patched, src, outdir, log, env);
		lock_release(lock);
	}
	for (char **f = files; *f; f++)
		free(*f);
	free(files);
	free(env_base);
	free(log);
	free(outdir);
	free(src);
	free(dir);
	free(series_dir);
	free(patched);
	return rc;
}
