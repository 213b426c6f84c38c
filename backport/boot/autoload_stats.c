// SPDX-License-Identifier: GPL-2.0-only
#include "autoload_stats.h"

#include "diag_fields.h"
#include "msg.h"

#include <stdio.h>
#include <string.h>

#define AUTOLOAD_LINE_PREFIX "autoload "

bool autoload_line_parse(const char *diag, struct autoload_who *out)
{
	if (strncmp(diag, AUTOLOAD_LINE_PREFIX, strlen(AUTOLOAD_LINE_PREFIX)) != 0)
		return false;
	const char *s = diag + strlen(AUTOLOAD_LINE_PREFIX);
	size_t len = strcspn(s, " \t");
	if (len == 0 || len >= sizeof(out->who) || s[len] != ' ')
		return false;
	struct autoload_who w = { .requests = 0 };
	memcpy(w.who, s, len);
	s += len + 1;
	if (!diag_field(&s, "requests", &w.requests) || !diag_field(&s, "loaded", &w.loaded))
		return false;
	*out = w;
	return true;
}

static void put(struct autoload_stats *s, const struct autoload_who *w)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->who[i].who, w->who) == 0) {
			s->who[i] = *w;
			return;
		}
	if (s->n < AUTOLOAD_WHO_MAX)
		s->who[s->n++] = *w;
}

static void from_results(struct autoload_stats *s, const struct ktap_result *r, size_t n)
{
	struct autoload_who w;
	for (size_t i = 0; i < n; i++) {
		for (size_t d = 0; d < r[i].n_diag; d++)
			if (autoload_line_parse(r[i].diag[d], &w))
				put(s, &w);
		from_results(s, r[i].sub, r[i].n_sub);
	}
}

void autoload_stats_from_ktap(const struct ktap_report *r, struct autoload_stats *out)
{
	memset(out, 0, sizeof(*out));
	from_results(out, r->results, r->n_results);
}

const struct autoload_who *autoload_stats_who(const struct autoload_stats *s, const char *who)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->who[i].who, who) == 0)
			return &s->who[i];
	return NULL;
}

struct json_value *autoload_stats_to_json(const struct autoload_stats *s)
{
	struct json_value *a = json_array();
	for (size_t i = 0; i < s->n; i++) {
		struct json_value *o = json_object();
		json_set(o, "who", json_string(s->who[i].who));
		json_set(o, "requests", json_number((double)s->who[i].requests));
		json_set(o, "loaded", json_number((double)s->who[i].loaded));
		json_push(a, o);
	}
	return a;
}

int autoload_stats_from_json(const struct json_value *a, struct autoload_stats *out, char *err,
			     size_t errlen)
{
	memset(out, 0, sizeof(*out));
	bool bad;
	if (!json_array_or_null(a, &bad, err, errlen))
		return bad ? -1 : 0;
	for (size_t i = 0; i < a->count; i++) {
		const struct json_value *o = a->items[i];
		const char *who = json_get_string(o, "who");
		struct autoload_who w = { .requests = 0 };
		if (!who || strlen(who) >= sizeof(w.who) || !json_whole(o, "requests", 0, &w.requests) ||
		    !json_whole(o, "loaded", 0, &w.loaded)) {
			msg_format(err, errlen, "entry %zu: expected who (a short string), requests "
				   "and loaded (whole numbers)", i);
			memset(out, 0, sizeof(*out));
			return -1;
		}
		snprintf(w.who, sizeof(w.who), "%s", who);
		put(out, &w);
	}
	return 0;
}
