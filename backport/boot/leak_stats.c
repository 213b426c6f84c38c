// SPDX-License-Identifier: GPL-2.0-only
#include "leak_stats.h"

#include "diag_fields.h"
#include "msg.h"

#include <stdlib.h>
#include <string.h>

#define LEAK_LINE_PREFIX "leaks "

bool leak_line_parse(const char *diag, struct leak_level *out)
{
	if (strncmp(diag, LEAK_LINE_PREFIX, strlen(LEAK_LINE_PREFIX)) != 0)
		return false;
	const char *s = diag + strlen(LEAK_LINE_PREFIX);
	long level, total, files, read = -1;
	if (!diag_field(&s, "kptr_restrict", &level) || level >= LEAK_LEVELS_MAX ||
	    !diag_field(&s, "total", &total) || !diag_field(&s, "files", &files) || files > total)
		return false;
	if (*s && !diag_field(&s, "read", &read))
		return false;
	if (*s || (read >= 0 && files > read))
		return false;
	*out = (struct leak_level){ .kptr_restrict = (int)level, .total = total, .files = files,
				    .read = read };
	return true;
}

/* Puts L in S, in level order, replacing an earlier entry of its level. */
static void put(struct leak_stats *s, const struct leak_level *l)
{
	size_t i = 0;
	while (i < s->n && s->level[i].kptr_restrict < l->kptr_restrict)
		i++;
	if (i < s->n && s->level[i].kptr_restrict == l->kptr_restrict) {
		s->level[i] = *l;
		return;
	}
	if (s->n == LEAK_LEVELS_MAX)
		return;
	memmove(&s->level[i + 1], &s->level[i], (s->n - i) * sizeof(s->level[0]));
	s->level[i] = *l;
	s->n++;
}

static void from_diags(struct leak_stats *s, char *const *diag, size_t n)
{
	struct leak_level l;
	for (size_t i = 0; i < n; i++)
		if (leak_line_parse(diag[i], &l))
			put(s, &l);
}

static void from_results(struct leak_stats *s, const struct ktap_result *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		from_diags(s, r[i].diag, r[i].n_diag);
		from_results(s, r[i].sub, r[i].n_sub);
	}
}

void leak_stats_from_ktap(const struct ktap_report *r, struct leak_stats *out)
{
	memset(out, 0, sizeof(*out));
	from_results(out, r->results, r->n_results);
	from_diags(out, r->diag, r->n_diag);
}

const struct leak_level *leak_stats_level(const struct leak_stats *s, int kptr_restrict)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->level[i].kptr_restrict == kptr_restrict)
			return &s->level[i];
	return NULL;
}

void leak_level_text(const struct leak_level *l, char *buf, size_t len)
{
	if (!l)
		msg_format(buf, len, "not measured");
	else if (l->read >= 0)
		msg_format(buf, len, "%ld in %ld files of %ld", l->total, l->files, l->read);
	else
		msg_format(buf, len, "%ld in %ld files", l->total, l->files);
}

struct json_value *leak_stats_to_json(const struct leak_stats *s)
{
	struct json_value *a = json_array();
	for (size_t i = 0; i < s->n; i++) {
		const struct leak_level *l = &s->level[i];
		struct json_value *o = json_object();
		json_set(o, "kptr_restrict", json_number(l->kptr_restrict));
		json_set(o, "total", json_number((double)l->total));
		json_set(o, "files", json_number((double)l->files));
		json_set(o, "read", json_number((double)l->read));
		json_push(a, o);
	}
	return a;
}

int leak_stats_from_json(const struct json_value *a, struct leak_stats *out, char *err,
			 size_t errlen)
{
	memset(out, 0, sizeof(*out));
	bool bad;
	if (!json_array_or_null(a, &bad, err, errlen))
		return bad ? -1 : 0;
	for (size_t i = 0; i < a->count; i++) {
		const struct json_value *o = a->items[i];
		long level, total, files, read = -1;
		if (!json_whole(o, "kptr_restrict", 0, &level) || level >= LEAK_LEVELS_MAX ||
		    !json_whole(o, "total", 0, &total) || !json_whole(o, "files", 0, &files) ||
		    (json_get(o, "read") && !json_whole(o, "read", -1, &read))) {
			msg_format(err, errlen, "entry %zu: expected whole numbers kptr_restrict (0..%d), "
				   "total, files and read", i, LEAK_LEVELS_MAX - 1);
			memset(out, 0, sizeof(*out));
			return -1;
		}
		put(out, &(struct leak_level){ .kptr_restrict = (int)level, .total = total,
					       .files = files, .read = read });
	}
	return 0;
}
