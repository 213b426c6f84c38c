/* SPDX-License-Identifier: GPL-2.0-only */
/* One make run in a kernel tree, out of tree (O=), with ccache, its output in a
 * log and a progress line every few seconds. */
#ifndef HB_KBUILD_MAKE_H
#define HB_KBUILD_MAKE_H

#include "ctx.h"

/* make -C SRC O=OUTDIR -jN CC="ccache gcc" TARGETS... with ENV added (N: ctx_make_jobs);
 * WHAT names it in the progress lines. Returns make's exit status (0 ok). */
int kbuild_make(const struct hb_ctx *ctx, const char *src, const char *outdir, const char *log,
		char **env, const char *const *targets, const char *what);

/* The first line of a build log LOG_TEXT that says what went wrong: a compiler's or linker's
 * "error:" (or "undefined reference"), else make's "*** ..." line; trimmed, malloc'd; NULL when
 * the log says nothing of the kind. */
char *kbuild_first_error(const char *log_text);
/* The compiler the builds use, for messages: "gcc 12" (malloc'd; "gcc" if it cannot tell). */
char *kbuild_compiler_name(void);
/* Takes the lock of kernel E's build trees (CACHE/locks/build-NAME.lock: its flavours and its
 * allmodconfig tree): one writer of them, while other kernels build beside it. The
 * descriptor for lock_release. */
int kbuild_lock(const struct hb_ctx *ctx, const struct kernel_entry *e);

#endif
