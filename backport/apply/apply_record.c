// SPDX-License-Identifier: GPL-2.0-only
#include "apply_record.h"

#include "fsutil.h"
#include "json_util.h"
#include "msg.h"
#include "record.h"

#include <stdlib.h>
#include <string.h>

char *apply_record_path(const struct hb_ctx *ctx, const char *name)
{
	return xasprintf("%s/work/%s/apply.json", ctx->cache, name);
}

/* The lines of TEXT as a JSON array of strings. */
static json_t *lines_array(const char *text)
{
	json_t *a = json_array();
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		char *line = strndup(l, strcspn(l, "\n"));
		json_array_append_new(a, hb_json_string(line));
		free(line);
	}
	return a;
}

static json_t *feature_json(const struct feature *f, const struct feature_result *r)
{
	json_t *o = json_object();
	json_object_set_new(o, "name", json_string(f->name));
	json_object_set_new(o, "outcome", json_string(feature_outcome_id(r->outcome)));
	json_object_set_new(o, "files", json_integer(r->files));
	json_object_set_new(o, "seconds", hb_json_number(r->seconds));
	if (r->verified) {
		json_object_set_new(o, "compiled", json_integer(r->compiled));
		json_object_set_new(o, "left_out", json_integer(r->dropped));
		json_object_set_new(o, "not_built_here", json_integer(r->unverified));
	}
	if (r->missing && *r->missing)
		json_object_set_new(o, "missing", hb_json_string(r->missing));
	if (r->timed_out.n) {
		/* the files its spatch gave up on (per-file timeout): nothing is known of them */
		json_t *files = json_array();
		for (size_t i = 0; i < r->timed_out.n; i++)
			json_array_append_new(files, hb_json_string(r->timed_out.files[i]));
		json_t *ne = json_object();
		json_object_set_new(ne, "timeout_seconds", json_integer(r->timed_out.seconds));
		json_object_set_new(ne, "files", files);
		char *text = spatch_timeouts_text(&r->timed_out);
		json_object_set_new(ne, "text", hb_json_string(text));
		free(text);
		json_object_set_new(o, "not_examined", ne);
	}
	if (f->manifest && r->outcome == OUTCOME_CHANGED && r->diff) {
		char *text = f->manifest_of(r->diff);
		json_object_set_new(o, f->manifest, lines_array(text));
		free(text);
	}
	return o;
}

/* The record of RESULTS, as apply.json holds it. */
static json_t *record_json(const char *version, const struct feature_result *results,
			   unsigned mask)
{
	json_t *root = hb_record_new(APPLY_RECORD_KIND, APPLY_RECORD_VERSION);
	json_object_set_new(root, "version", hb_json_string(version));
	json_t *list = json_array();
	for (size_t i = 0; i < features_count; i++)
		if (mask & (1u << i))
			json_array_append_new(list, feature_json(&features[i], &results[i]));
	json_object_set_new(root, "features", list);
	return root;
}

int apply_record_write(const char *path, const char *version,
		       const struct feature_result *results, unsigned mask)
{
	json_t *root = record_json(version, results, mask);
	int rc = hb_record_write(path, root);
	json_decref(root);
	return rc;
}

/* The strings of array A joined by newlines, each line ending in one (malloc'd). */
static char *joined_lines(const json_t *a)
{
	char *text = strdup("");
	size_t i;
	const json_t *s;
	json_array_foreach(a, i, s) {
		if (!json_is_string(s))
			continue;
		char *more = xasprintf("%s%s\n", text, json_string_value(s));
		free(text);
		text = more;
	}
	return text;
}

/* R from ROOT, the record read from PATH (for messages). 0 or -1 (ERR says why). */
static int record_from_json(const json_t *root, const char *path, struct apply_record *r,
			    char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	if (!hb_record_is(root, APPLY_RECORD_KIND, APPLY_RECORD_VERSION)) {
		msg_format(err, errlen, "%s: not a record of this driver's apply (run apply again)",
			   path);
		return -1;
	}
	const char *version = NULL;
	json_t *list = NULL;
	json_error_t jerr;
	if (json_unpack_ex((json_t *)root, &jerr, 0, "{s?s, s:o}", "version", &version,
			   "features", &list) != 0 || !json_is_array(list)) {
		msg_format(err, errlen, "%s: %s", path, list ? "features: not an array" : jerr.text);
		return -1;
	}
	r->version = version ? strdup(version) : NULL;
	size_t i;
	json_t *o;
	json_array_foreach(list, i, o) {
		const char *name = NULL, *outcome = NULL;
		int files = 0;
		if (json_unpack(o, "{s:s, s:s, s?i}", "name", &name, "outcome", &outcome, "files",
				&files) != 0)
			continue;
		const struct feature *f = feature_find(name);
		int id = feature_outcome_from_id(outcome);
		if (!f || id < 0)
			continue; /* a feature or a word of another version of the driver */
		size_t k = (size_t)(f - features);
		r->outcome[k] = (enum feature_outcome)id;
		r->files[k] = files;
		const json_t *m = f->manifest ? json_object_get(o, f->manifest) : NULL;
		if (json_is_array(m))
			r->manifest[k] = joined_lines(m);
		const char *ne = NULL;
		if (json_unpack(o, "{s:{s:s}}", "not_examined", "text", &ne) == 0 && ne)
			r->not_examined[k] = strdup(ne);
	}
	return 0;
}

int apply_record_read(const char *path, struct apply_record *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	if (!fs_exists(path)) {
		msg_format(err, errlen, "%s: no such file (apply has not run)", path);
		return -1;
	}
	json_t *root = hb_json_read_file(path, err, errlen);
	if (!root)
		return -1;
	int rc = record_from_json(root, path, r, err, errlen);
	json_decref(root);
	return rc;
}

void apply_record_of(const char *version, const struct feature_result *results, unsigned mask,
		     struct apply_record *r)
{
	json_t *root = record_json(version, results, mask);
	char err[256];
	(void)record_from_json(root, "apply's record", r, err, sizeof(err)); /* one, always */
	json_decref(root);
}

void apply_record_free(struct apply_record *r)
{
	free(r->version);
	for (size_t i = 0; i < FEATURES_MAX; i++) {
		free(r->manifest[i]);
		free(r->not_examined[i]);
	}
	memset(r, 0, sizeof(*r));
}

unsigned apply_record_changed(const struct apply_record *r)
{
	unsigned mask = 0;
	for (size_t i = 0; i < features_count; i++)
		if (r->outcome[i] == OUTCOME_CHANGED)
			mask |= 1u << i;
	return mask;
}
