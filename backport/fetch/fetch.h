/* SPDX-License-Identifier: GPL-2.0-only */
/* backport fetch: a kernel's pristine source tree in the cache. */
#ifndef HB_FETCH_H
#define HB_FETCH_H

#include "ctx.h"

#include <stdbool.h>
#include <stddef.h>

/* CACHE/kernels/NAME/fetched: a record (record.h) "fetch" of these fields ("package", "suite"
 * and "pocket" only where known). */
#define FETCH_RECORD_KIND "fetch"
#define FETCH_RECORD_VERSION 1
struct fetch_record {
	char package[128]; /* debian: the package fetched, linux-source-X.Y ("" for a dir) */
	char version[128]; /* exact version fetched ("" = not fetched) */
	char suite[128];   /* debian: the entry's suite when it was fetched, "" unknown */
	char pocket[64];   /* debian: the pocket that served it (bookworm-security), "" unknown */
	char tree[4096];   /* pristine tree (read-only for debian entries) */
};

/* What an earlier fetch recorded for NAME: 0, or -1 when it was never fetched. A dir entry of
 * kernels.list has no record: its own tree is its record (-1 when it is no kernel tree). */
int fetch_record_read(const struct hb_ctx *ctx, const char *name, struct fetch_record *rec);
/* The same for entry E, when the record still describes E as kernels.list has it now (its
 * suite, its line, its pinned version): the record a stage started alone takes. -1 when E was
 * never fetched, or fetched as another entry. */
int fetch_record_of(const struct hb_ctx *ctx, const struct kernel_entry *e,
		    struct fetch_record *rec);
/* Brings the entry's tree into the cache (no-op when already there). Prints its stages.
 * Returns an hb_exit code; rec filled on success. */
int fetch_kernel(const struct hb_ctx *ctx, const struct kernel_entry *e, bool refresh,
		 struct fetch_record *rec);
/* Makes sure every tool in TOOLS (NULL-terminated pairs "program", "debian-package") is on
 * PATH; prints which package to install otherwise and returns HB_EXIT_ENV. */
int fetch_need_tools(const char *const *tools);

#endif
