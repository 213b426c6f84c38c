/* SPDX-License-Identifier: GPL-2.0-only */
/* An allmodconfig tree for compiling single files: a hard-linked copy of a kernel tree and
 * an out-of-tree build directory on which "make prepare" ran, kept for the next run. */
#ifndef HB_ALLMOD_TREE_H
#define HB_ALLMOD_TREE_H

#include "ctx.h"

#include <stdbool.h>

struct allmod_tree {
	char *dir;     /* DIR: src/ and out/ below it */
	char *src;     /* the copy of the tree being compiled */
	char *out;     /* O= */
	char *log;
	char *env[3];  /* ccache settings, NULL-terminated */
};

enum allmod_result {
	ALLMOD_OK,            /* compiles with the change */
	ALLMOD_NOT_BUILT,     /* no rule for it on x86_64 allmodconfig */
	ALLMOD_FAILS_ANYWAY,  /* fails with and without the change: does not build here */
	ALLMOD_FAILED,        /* builds without the change, fails with it */
};

void allmod_tree_init(struct allmod_tree *t, const char *dir, const char *log);
void allmod_tree_free(struct allmod_tree *t);
/* Makes t->src a copy of TREE and runs allmodconfig and prepare in t->out. A tree that an
 * earlier prepare left (its stamp in t->out) is kept instead when every file of TREE that is
 * no longer t->src's can be linked again as allmod_refresh() says; one that cannot (a changed
 * Kconfig or Makefile, a header older than the one prepared from) means a new prepare. An
 * hb_exit code. */
int allmod_prepare(const struct hb_ctx *ctx, struct allmod_tree *t, const char *tree);
/* Brings t->src, made by allmod_prepare() from an earlier state of TREE in this run, up to
 * TREE again: each of FILES (relative paths: every file changed since) that is no longer the
 * same file as TREE's (the hard link the copy made) is linked again when it holds the same
 * text as before, is a .c file, or is a .h file not older than t->src's. When one is none of
 * these (a Kconfig, a Makefile: the configuration may change), or cannot be linked, the whole
 * allmod_prepare() instead. An hb_exit code. */
int allmod_refresh(const struct hb_ctx *ctx, struct allmod_tree *t, const char *tree,
		   char *const *files);
/* Is FILE (relative) another architecture's (arch/ARCH/, ARCH not x86)? x86_64 allmodconfig
 * never builds it: kbuild, asked for it by name, fails on it with or without a change. */
bool allmod_other_arch(const char *file);
/* Compiles FILE (relative, .c) in t with -Werror=discarded-qualifiers
 * -Werror=incompatible-pointer-types. On a failure, compiles FILE again as UNCHANGED/FILE has
 * it; then CHANGED/FILE is linked back in place, or, when CHANGED is NULL, the unchanged
 * file stays. *first_error (malloc'd, may be NULL): the first "error:" line of a failure.
 * Another architecture's file is ALLMOD_NOT_BUILT without a compile. */
enum allmod_result allmod_compile(const struct hb_ctx *ctx, struct allmod_tree *t,
				  const char *file, const char *unchanged, const char *changed,
				  char **first_error);
const char *allmod_result_text(enum allmod_result r);
/* Compiles every FILES (relative .c paths, NULL-terminated) as t->src has them, in one
 * `make -k` run (another architecture's files left out); MADE[i] tells whether FILES[i]'s
 * object came out. A file whose object did
 * not is for allmod_compile() to judge, one at a time. */
void allmod_compile_all(const struct hb_ctx *ctx, struct allmod_tree *t, char *const *files,
			bool *made);
/* Puts ROOT/FILE in t->src in place of FILE (a hard link): 0 or -1. */
int allmod_use_file(struct allmod_tree *t, const char *root, const char *file);

#endif
