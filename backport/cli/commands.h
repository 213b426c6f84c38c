/* SPDX-License-Identifier: GPL-2.0-only */
/* The driver's subcommands: each takes the context and its own argv (argv[0] = its name). */
#ifndef HB_COMMANDS_H
#define HB_COMMANDS_H

#include "ctx.h"

struct command {
	const char *name;
	int (*run)(struct hb_ctx *ctx, int argc, char **argv);
	const char *summary;
};

int cmd_list(struct hb_ctx *ctx, int argc, char **argv);
int cmd_fetch(struct hb_ctx *ctx, int argc, char **argv);

int cmd_apply(struct hb_ctx *ctx, int argc, char **argv);
int cmd_build(struct hb_ctx *ctx, int argc, char **argv);
int cmd_test(struct hb_ctx *ctx, int argc, char **argv);
int cmd_run(struct hb_ctx *ctx, int argc, char **argv);
int cmd_compile_check(struct hb_ctx *ctx, int argc, char **argv);
int cmd_matrix(struct hb_ctx *ctx, int argc, char **argv);
int cmd_report(struct hb_ctx *ctx, int argc, char **argv);
int cmd_ci_config(struct hb_ctx *ctx, int argc, char **argv);
int cmd_fuzz(struct hb_ctx *ctx, int argc, char **argv);
int cmd_system(struct hb_ctx *ctx, int argc, char **argv);

/* Commands added by later stages. */
#define COMMANDS_MORE \
	{ "apply", cmd_apply, "run the semantic patches over a tree, write a quilt series" }, \
	{ "build", cmd_build, "build a kernel, patched or --vanilla, on the test config" }, \
	{ "test", cmd_test, "boot a built kernel in QEMU and run the hardening tests" }, \
	{ "run", cmd_run, "the whole job on one kernel: fetch, apply, build, boot, test" }, \
	{ "compile-check", cmd_compile_check, "compile alone every C file the patches change (allmodconfig)" }, \
	{ "matrix", cmd_matrix, "the whole job on many kernels, with Markdown, JSON, JUnit reports" }, \
	{ "report", cmd_report, "report merge: the matrix reports over per-kernel results" }, \
	{ "ci-config", cmd_ci_config, "print a GitHub Actions or GitLab CI configuration" }, \
	{ "fuzz", cmd_fuzz, "boot a built kernel with trinity fuzzing as an unprivileged user" }, \
	{ "system", cmd_system, "Debian packages of both kernels, booted on a real Debian system" },

#endif
