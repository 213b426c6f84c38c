// SPDX-License-Identifier: GPL-2.0-only
#include "run_result_json.h"

#include "fsutil.h"
#include "msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

static struct json_value *suite_outcome_json(const struct suite_outcome *o)
{
	struct json_value *v = json_object();
	json_set(v, "ran", json_bool(o->ran));
	json_set(v, "expect", json_string(o->expect_pass ? "pass" : "fail"));
	json_set(v, "seen", json_bool(o->seen));
	json_set(v, "passed", json_bool(o->passed));
	json_set(v, "cases_passed", json_number(o->cases_passed));
	json_set(v, "cases_total", json_number(o->cases_total));
	return v;
}

static struct json_value *flavour_json(const struct run_flavour *f)
{
	struct json_value *v = json_object();
	json_set(v, "tested", json_bool(f->tested));
	json_set(v, "booted", json_bool(f->booted));
	json_set(v, "console_clean", json_bool(f->console_clean));
	json_set(v, "boot_problem", json_string(f->boot_problem));
	json_set(v, "console_problem", json_string(f->console_problem));
	json_set(v, "accel", json_string(f->accel));
	json_set(v, "boot_seconds", json_number(f->boot_seconds));
	json_set(v, "dir", json_string(f->dir));
	json_set(v, "console_log", json_string(f->console_log));
	json_set(v, "results_json", json_string(f->results_path));
	json_set(v, "results", f->results ? json_copy(f->results) : json_null());
	json_set(v, "leaks", leak_stats_to_json(&f->leaks));
	json_set(v, "autoload", autoload_stats_to_json(&f->autoload));
	if (f->fuzz.ran) {
		struct json_value *z = json_object();
		json_set(z, "seconds", json_number((double)f->fuzz.seconds));
		json_set(z, "seed", json_number((double)f->fuzz.seed));
		json_set(z, "trinity_ran", json_bool(f->fuzz.trinity_ran));
		json_set(z, "console_clean", json_bool(f->fuzz.console_clean));
		json_set(z, "powered_off", json_bool(f->fuzz.powered_off));
		json_set(z, "problem", json_string(f->fuzz.problem));
		json_set(z, "console_log", json_string(f->fuzz.console_log));
		json_set(v, "fuzz", z);
	} else {
		json_set(v, "fuzz", json_null());
	}
	return v;
}

struct json_value *run_result_to_json(const struct run_result *r)
{
	struct json_value *v = json_object();
	json_set(v, "format", json_string(RUN_RESULT_FORMAT));
	json_set(v, "format_version", json_number(RUN_RESULT_FORMAT_VERSION));
	json_set(v, "kernel", json_string(r->kernel));
	json_set(v, "order", json_number(r->order));
	json_set(v, "version", json_string(r->version));
	json_set(v, "run_id", json_string(r->run_id));
	json_set(v, "started", json_string(r->started));
	json_set(v, "finished", json_string(r->finished));
	json_set(v, "exit_code", json_number(r->exit_code));
	json_set(v, "seconds", json_number(run_result_seconds(r)));
	struct json_value *stages = json_array();
	for (int s = 0; s < RUN_STAGES; s++) {
		const struct run_stage *st = &r->stages[s];
		struct json_value *o = json_object();
		json_set(o, "name", json_string(run_stage_name(s)));
		json_set(o, "status", json_string(stage_status_name(st->status)));
		json_set(o, "seconds", json_number(st->seconds));
		json_set(o, "exit_code", json_number(st->exit_code));
		json_set(o, "log", json_string(st->log));
		json_set(o, "detail", json_string(st->detail));
		json_push(stages, o);
	}
	json_set(v, "stages", stages);
	struct json_value *features = json_array();
	for (size_t i = 0; i < r->n_features; i++) {
		const struct run_feature *f = &r->features[i];
		struct json_value *o = json_object();
		char text[64];
		run_feature_verdict_text(f, text, sizeof(text));
		json_set(o, "name", json_string(f->name));
		json_set(o, "label", json_string(run_feature_label(f)));
		json_set(o, "apply", json_string(apply_state_name(f->apply)));
		json_set(o, "suites", json_number(f->n_suites));
		for (int fl = 0; fl < FLAVOURS; fl++)
			json_set(o, flavour_name(fl), json_string(row_state_name(f->state[fl])));
		json_set(o, "verdict", json_string(verdict_id(f->verdict)));
		json_set(o, "failed_stage", f->verdict == VERDICT_STAGE_FAILED
						    ? json_string(run_stage_name(f->failed_stage))
						    : json_null());
		json_set(o, "verdict_text", json_string(text));
		json_set(o, "ok", json_bool(verdict_ok(f->verdict)));
		json_set(o, "log", json_string(f->log));
		json_push(features, o);
	}
	json_set(v, "features", features);
	struct json_value *suites = json_array();
	for (size_t i = 0; i < r->n_suites; i++) {
		const struct run_suite *s = &r->suites[i];
		struct json_value *o = json_object();
		json_set(o, "name", json_string(s->name));
		json_set(o, "feature", json_string(s->feature));
		for (int fl = 0; fl < FLAVOURS; fl++)
			json_set(o, flavour_name(fl), suite_outcome_json(&s->flavour[fl]));
		json_push(suites, o);
	}
	json_set(v, "suites", suites);
	struct json_value *flavours = json_object();
	for (int fl = 0; fl < FLAVOURS; fl++)
		json_set(flavours, flavour_name(fl), flavour_json(&r->flavour[fl]));
	json_set(v, "flavours", flavours);
	return v;
}

int run_result_write_file(const struct run_result *r, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return -1;
	struct json_value *v = run_result_to_json(r);
	int rc = json_write(f, v, 0);
	fputc('\n', f);
	json_free(v);
	rc |= fclose(f);
	if (rc == 0)
		rc = fs_write_file_atomic(path, text, len);
	free(text);
	return rc;
}

/* ---- reading ---- */

struct reader {
	char *err;
	size_t errlen;
	bool failed;
};

static void bad(struct reader *rd, const char *field, const char *what)
{
	if (!rd->failed)
		msg_format(rd->err, rd->errlen, "field '%s': %s", field, what);
	rd->failed = true;
}

static const struct json_value *need(struct reader *rd, const struct json_value *o,
				     const char *key, enum json_type type)
{
	const struct json_value *v = json_get(o, key);
	static const char *const names[] = { "null", "a boolean", "a number", "a string",
					     "an array", "an object" };
	if (!v) {
		bad(rd, key, "missing");
		return NULL;
	}
	if (v->type != type) {
		char what[64];
		snprintf(what, sizeof(what), "expected %s", names[type]);
		bad(rd, key, what);
		return NULL;
	}
	return v;
}

/* A string or null at KEY, copied. */
static char *opt_string(struct reader *rd, const struct json_value *o, const char *key)
{
	const struct json_value *v = json_get(o, key);
	if (!v || v->type == JSON_NULL)
		return NULL;
	if (v->type != JSON_STRING) {
		bad(rd, key, "expected a string or null");
		return NULL;
	}
	return strdup(v->string);
}

/* A name from one of the run_result tables (FROM_NAME gives -1 for none of them). */
static int need_name(struct reader *rd, const struct json_value *o, const char *key,
		     int (*from_name)(const char *))
{
	const struct json_value *v = need(rd, o, key, JSON_STRING);
	int n = v ? from_name(v->string) : -1;
	if (v && n < 0) {
		char what[128];
		snprintf(what, sizeof(what), "unknown value '%.80s'", v->string);
		bad(rd, key, what);
	}
	return n < 0 ? 0 : n;
}

static void read_stages(struct reader *rd, const struct json_value *a, struct run_result *r)
{
	if (a && a->count != RUN_STAGES)
		bad(rd, "stages", "expected one entry per stage");
	for (size_t i = 0; a && i < a->count && i < RUN_STAGES && !rd->failed; i++) {
		const struct json_value *o = a->items[i];
		int id = need_name(rd, o, "name", run_stage_from_name);
		struct run_stage *st = &r->stages[id];
		st->status = need_name(rd, o, "status", stage_status_from_name);
		st->seconds = json_get_number(o, "seconds", 0);
		st->exit_code = (int)json_get_number(o, "exit_code", 0);
		st->log = opt_string(rd, o, "log");
		st->detail = opt_string(rd, o, "detail");
	}
}

static void read_features(struct reader *rd, const struct json_value *a, struct run_result *r)
{
	r->features = calloc(a ? a->count + 1 : 1, sizeof(*r->features));
	for (size_t i = 0; a && i < a->count && !rd->failed; i++) {
		const struct json_value *o = a->items[i];
		struct run_feature *f = &r->features[r->n_features++];
		f->name = opt_string(rd, o, "name");
		f->apply = need_name(rd, o, "apply", apply_state_from_name);
		f->n_suites = (int)json_get_number(o, "suites", 0);
		for (int fl = 0; fl < FLAVOURS; fl++)
			f->state[fl] = need_name(rd, o, flavour_name(fl), row_state_from_name);
		f->verdict = need_name(rd, o, "verdict", verdict_from_id);
		if (f->verdict == VERDICT_STAGE_FAILED)
			f->failed_stage = need_name(rd, o, "failed_stage", run_stage_from_name);
		f->log = opt_string(rd, o, "log");
	}
}

static void read_suites(struct reader *rd, const struct json_value *a, struct run_result *r)
{
	r->suites = calloc(a ? a->count + 1 : 1, sizeof(*r->suites));
	for (size_t i = 0; a && i < a->count && !rd->failed; i++) {
		const struct json_value *o = a->items[i];
		struct run_suite *s = &r->suites[r->n_suites++];
		const struct json_value *name = need(rd, o, "name", JSON_STRING);
		s->name = strdup(name ? name->string : "");
		s->feature = opt_string(rd, o, "feature");
		for (int fl = 0; fl < FLAVOURS; fl++) {
			const struct json_value *so = need(rd, o, flavour_name(fl), JSON_OBJECT);
			struct suite_outcome *out = &s->flavour[fl];
			out->ran = json_get_bool(so, "ran", false);
			const char *expect = json_get_string(so, "expect");
			out->expect_pass = !expect || strcmp(expect, "fail") != 0;
			out->seen = json_get_bool(so, "seen", false);
			out->passed = json_get_bool(so, "passed", false);
			out->cases_passed = (int)json_get_number(so, "cases_passed", 0);
			out->cases_total = (int)json_get_number(so, "cases_total", 0);
		}
	}
}

static void read_flavour(struct reader *rd, const struct json_value *o, struct run_flavour *f)
{
	f->tested = json_get_bool(o, "tested", false);
	f->booted = json_get_bool(o, "booted", false);
	f->console_clean = json_get_bool(o, "console_clean", false);
	f->boot_problem = opt_string(rd, o, "boot_problem");
	f->console_problem = opt_string(rd, o, "console_problem");
	f->accel = opt_string(rd, o, "accel");
	f->boot_seconds = json_get_number(o, "boot_seconds", 0);
	f->dir = opt_string(rd, o, "dir");
	f->console_log = opt_string(rd, o, "console_log");
	f->results_path = opt_string(rd, o, "results_json");
	const struct json_value *res = json_get(o, "results");
	f->results = res && res->type == JSON_OBJECT ? json_copy(res) : NULL;
	char why[200];
	if (leak_stats_from_json(json_get(o, "leaks"), &f->leaks, why, sizeof(why)) != 0)
		bad(rd, "leaks", why); /* absent in results older than the measurement: none */
	if (autoload_stats_from_json(json_get(o, "autoload"), &f->autoload, why, sizeof(why)) != 0)
		bad(rd, "autoload", why);
	const struct json_value *z = json_get(o, "fuzz");
	if (z && z->type == JSON_OBJECT) {
		f->fuzz.ran = true;
		f->fuzz.seconds = (long)json_get_number(z, "seconds", 0);
		f->fuzz.seed = (long)json_get_number(z, "seed", 0);
		f->fuzz.trinity_ran = json_get_bool(z, "trinity_ran", false);
		f->fuzz.console_clean = json_get_bool(z, "console_clean", false);
		f->fuzz.powered_off = json_get_bool(z, "powered_off", false);
		f->fuzz.problem = opt_string(rd, z, "problem");
		f->fuzz.console_log = opt_string(rd, z, "console_log");
	}
}

int run_result_from_json(const struct json_value *v, struct run_result *r, char *err,
			 size_t errlen)
{
	struct reader rd = { .err = err, .errlen = errlen };
	memset(r, 0, sizeof(*r));
	if (!v || v->type != JSON_OBJECT) {
		msg_format(err, errlen, "not a JSON object");
		return -1;
	}
	const char *format = json_get_string(v, "format");
	if (!format || strcmp(format, RUN_RESULT_FORMAT) != 0) {
		msg_format(err, errlen, "field 'format': not \"%s\" (not a per-kernel result)",
			   RUN_RESULT_FORMAT);
		return -1;
	}
	if (json_get_number(v, "format_version", 0) != RUN_RESULT_FORMAT_VERSION) {
		msg_format(err, errlen, "field 'format_version': this backport reads version %d",
			   RUN_RESULT_FORMAT_VERSION);
		return -1;
	}
	const struct json_value *kernel = need(&rd, v, "kernel", JSON_STRING);
	r->kernel = strdup(kernel ? kernel->string : "");
	r->order = (int)json_get_number(v, "order", 0);
	r->version = opt_string(&rd, v, "version");
	r->run_id = opt_string(&rd, v, "run_id");
	r->started = opt_string(&rd, v, "started");
	r->finished = opt_string(&rd, v, "finished");
	r->exit_code = (int)json_get_number(v, "exit_code", 0);
	read_stages(&rd, need(&rd, v, "stages", JSON_ARRAY), r);
	read_features(&rd, need(&rd, v, "features", JSON_ARRAY), r);
	read_suites(&rd, need(&rd, v, "suites", JSON_ARRAY), r);
	const struct json_value *flavours = need(&rd, v, "flavours", JSON_OBJECT);
	for (int fl = 0; fl < FLAVOURS && !rd.failed; fl++)
		read_flavour(&rd, need(&rd, flavours, flavour_name(fl), JSON_OBJECT),
			     &r->flavour[fl]);
	if (!rd.failed && r->exit_code != run_result_exit_code(r))
		bad(&rd, "exit_code", "does not agree with the stages and verdicts");
	if (rd.failed)
		run_result_free(r);
	return rd.failed ? -1 : 0;
}

int run_result_read_file(const char *path, struct run_result *r, char *err, size_t errlen)
{
	char why[512];
	memset(r, 0, sizeof(*r));
	struct json_value *v = json_read_file(path, why, sizeof(why));
	if (!v) {
		msg_format(err, errlen, "%s", why);
		return -1;
	}
	int rc = run_result_from_json(v, r, why, sizeof(why));
	if (rc)
		msg_format(err, errlen, "%s: %s", path, why);
	json_free(v);
	return rc;
}
