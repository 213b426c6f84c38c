// SPDX-License-Identifier: GPL-2.0-only
#include "leak_stats.h"

#include "diag_fields.h"
#include "json_util.h"
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

json_t *leak_stats_to_json(const struct leak_stats *s)
{
	json_t *a = json_array();
	for (size_t i = 0; i < s->n; i++) {
		const struct leak_level *l = &s->level[i];
		json_array_append_new(a, json_pack("{s:i, s:I, s:I, s:I}",
						   "kptr_restrict", l->kptr_restrict,
						   "total", (json_int_t)l->total,
						   "files", (json_int_t)l->files,
						   "read", (json_int_t)l->read));
	}
	return a;
}

int leak_stats_from_json(const json_t *a, struct leak_stats *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int is_array = hb_json_array_or_null(a, err, errlen);
	if (is_array <= 0)
		return is_array;
	size_t i;
	json_t *o;
	json_array_foreach(a, i, o) {
		json_int_t level, total, files, read = -1;
		json_error_t e;
		int rc = json_unpack_ex(o, &e, 0, "{s:I, s:I, s:I, s?I}", "kptr_restrict", &level,
					"total", &total, "files", &files, "read", &read);
		if (rc != 0 || level < 0 || level >= LEAK_LEVELS_MAX || total < 0 || files < 0 ||
		    read < -1) {
			msg_format(err, errlen,
				   "entry %zu: %s (expected whole numbers kptr_restrict (0..%d), "
				   "total, files and read)",
				   i, rc ? e.text : "a number out of range", LEAK_LEVELS_MAX - 1);
			memset(out, 0, sizeof(*out));
			return -1;
		}
		put(out, &(struct leak_level){ .kptr_restrict = (int)level, .total = (long)total,
					       .files = (long)files, .read = (long)read });
	}
	return 0;
}
