// SPDX-License-Identifier: GPL-2.0-only
#include "apply_stamp.h"

#include "feature_table.h"
#include "fetch.h"
#include "fnv_hash.h"
#include "fsutil.h"
#include "msg.h"
#include "record.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STAMP_KIND "apply-stamp"
#define STAMP_VERSION 1

/* H continued over the text S (none when NULL), and a separator, so that "ab"+"c" differs
 * from "a"+"bc": enough to notice that a rule or a text changed. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
	return fnv1a_more(h, s ? s : "", s ? strlen(s) : 0) ^ 0xff;
}

char *apply_stamp_text(const struct hb_ctx *ctx, const char *tree, unsigned mask)
{
	uint64_t h = FNV1A_BASIS;
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)))
			continue;
		const struct feature *f = &features[i];
		char *path = xasprintf("%s/cocci/%s.cocci", ctx->repo, f->name);
		char *rule = fs_read_file(path, NULL);
		free(path);
		if (!rule)
			return NULL;
		h = fnv1a(fnv1a(fnv1a(fnv1a(h, f->name), rule), f->subject), f->why);
		for (size_t k = 0; k < FEATURE_SYSCTLS_MAX && f->sysctls[k].name; k++)
			h = fnv1a(fnv1a(h, f->sysctls[k].name), f->sysctls[k].body);
		h = fnv1a(h, f->kconfig_entry);
		free(rule);
	}
	json_t *rec = hb_record_new(STAMP_KIND, STAMP_VERSION);
	char rules[17];
	snprintf(rules, sizeof(rules), "%016llx", (unsigned long long)h);
	json_object_set_new(rec, "tree", json_string(tree));
	json_object_set_new(rec, "features", json_integer(mask));
	json_object_set_new(rec, "rules", json_string(rules));
	char *text = hb_record_text(rec);
	json_decref(rec);
	return text;
}

int apply_stamp_write(const struct hb_ctx *ctx, const char *dir, const char *tree, unsigned mask)
{
	char *text = apply_stamp_text(ctx, tree, mask);
	char *path = fs_join(dir, "stamp");
	int rc = text ? fs_write_file_atomic(path, text, strlen(text)) : -1;
	free(path);
	free(text);
	return rc;
}

bool apply_stamp_current(const struct hb_ctx *ctx, const char *dir, const char *tree,
			 unsigned mask)
{
	char *want = apply_stamp_text(ctx, tree, mask);
	char *path = fs_join(dir, "stamp");
	char *have = fs_read_file(path, NULL);
	char *patched = fs_join(dir, "patched");
	bool current = want && have && !strcmp(want, have) && fs_is_dir(patched);
	free(patched);
	free(have);
	free(path);
	free(want);
	return current;
}

bool apply_last_current(const struct hb_ctx *ctx, const struct kernel_entry *e,
			const struct fetch_record *fetched, unsigned mask)
{
	char *dir = xasprintf("%s/work/%s", ctx->cache, e->name);
	bool current = apply_stamp_current(ctx, dir, fetched->tree, mask);
	if (current)
		msg_info("patched tree %s/patched: the last apply is current (same tree and rules)",
			 dir);
	free(dir);
	return current;
}

int apply_last_record(const struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, unsigned mask, struct apply_record *out)
{
	memset(out, 0, sizeof(*out));
	char *record = apply_record_path(ctx, e->name), err[512];
	int rc = fs_exists(record) && apply_last_current(ctx, e, fetched, mask) &&
			 apply_record_read(record, out, err, sizeof(err)) == 0
		 ? 0 : -1;
	free(record);
	return rc;
}
