// SPDX-License-Identifier: GPL-2.0-only
#include "autoload_stats.h"

#include "diag_fields.h"
#include "json_util.h"
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

json_t *autoload_stats_to_json(const struct autoload_stats *s)
{
	json_t *a = json_array();
	/* an identity's name is as the guest printed it: hb_json_string makes it valid UTF-8 */
	for (size_t i = 0; i < s->n; i++)
		json_array_append_new(a, json_pack("{s:o, s:I, s:I}",
						   "who", hb_json_string(s->who[i].who),
						   "requests", (json_int_t)s->who[i].requests,
						   "loaded", (json_int_t)s->who[i].loaded));
	return a;
}

int autoload_stats_from_json(const json_t *a, struct autoload_stats *out, char *err,
			     size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int is_array = hb_json_array_or_null(a, err, errlen);
	if (is_array <= 0)
		return is_array;
	size_t i;
	json_t *o;
	json_array_foreach(a, i, o) {
		const char *who;
		json_int_t requests, loaded;
		struct autoload_who w = { .requests = 0 };
		json_error_t e;
		int rc = json_unpack_ex(o, &e, 0, "{s:s, s:I, s:I}", "who", &who, "requests",
					&requests, "loaded", &loaded);
		if (rc != 0 || strlen(who) >= sizeof(w.who) || requests < 0 || loaded < 0) {
			msg_format(err, errlen,
				   "entry %zu: %s (expected who (a short string), requests and "
				   "loaded (whole numbers))",
				   i, rc ? e.text : "a value out of range");
			memset(out, 0, sizeof(*out));
			return -1;
		}
		snprintf(w.who, sizeof(w.who), "%s", who);
		w.requests = (long)requests;
		w.loaded = (long)loaded;
		put(out, &w);
	}
	return 0;
}
