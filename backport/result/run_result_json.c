// SPDX-License-Identifier: GPL-2.0-only
#include "run_result_json.h"

#include "fsutil.h"
#include "json_util.h"
#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

static json_t *suite_outcome_json(const struct suite_outcome *o)
{
	return json_pack("{s:b, s:s, s:b, s:b, s:i, s:i}",
			 "ran", o->ran,
			 "expect", o->expect_pass ? "pass" : "fail",
			 "seen", o->seen,
			 "passed", o->passed,
			 "cases_passed", o->cases_passed,
			 "cases_total", o->cases_total);
}

static json_t *fuzz_json(const struct fuzz_result *z)
{
	if (!z->ran)
		return json_null();
	return json_pack("{s:I, s:I, s:b, s:b, s:b, s:o, s:o}",
			 "seconds", (json_int_t)z->seconds,
			 "seed", (json_int_t)z->seed,
			 "trinity_ran", z->trinity_ran,
			 "console_clean", z->console_clean,
			 "powered_off", z->powered_off,
			 "problem", hb_json_string(z->problem),
			 "console_log", hb_json_string(z->console_log));
}

static json_t *flavour_json(const struct run_flavour *f)
{
	json_t *v = json_object();
	json_object_set_new(v, "tested", json_boolean(f->tested));
	const struct guest_boot *g = &f->boot;
	json_object_set_new(v, "booted", json_boolean(g->booted));
	json_object_set_new(v, "console_clean", json_boolean(g->console_clean));
	json_object_set_new(v, "boot_problem", hb_json_string(g->boot_problem));
	json_object_set_new(v, "console_problem", hb_json_string(g->console_problem));
	json_object_set_new(v, "accel", hb_json_string(g->accel));
	json_object_set_new(v, "boot_seconds", hb_json_number(g->boot_seconds));
	json_object_set_new(v, "dir", hb_json_string(g->dir));
	json_object_set_new(v, "console_log", hb_json_string(f->console_log));
	json_object_set_new(v, "results_json", hb_json_string(f->results_path));
	json_object_set_new(v, "results", f->results ? json_incref(f->results) : json_null());
	json_object_set_new(v, "leaks", leak_stats_to_json(&g->leaks));
	json_object_set_new(v, "autoload", autoload_stats_to_json(&g->autoload));
	json_object_set_new(v, "kernel_tests", kernel_tests_to_json(&g->ktests));
	json_object_set_new(v, "fuzz", fuzz_json(&f->fuzz));
	json_object_set_new(v, "hardening_checker", hc_flavour_to_json(&f->checker));
	return v;
}

static json_t *series_json(const struct run_series *s)
{
	if (!s->known)
		return json_null();
	json_t *patches = json_array();
	for (size_t i = 0; i < s->n; i++)
		json_array_append_new(patches, json_pack("{s:o, s:s}", "name",
							 hb_json_string(s->patches[i].name),
							 "sha256", s->patches[i].sha256));
	return json_pack("{s:o, s:s}", "patches", patches, "patchset_hash", s->patchset_hash);
}

static json_t *stage_json(enum run_stage_id s, const struct run_stage *st)
{
	return json_pack("{s:s, s:s, s:o, s:i, s:o, s:o}",
			 "name", run_stage_name(s),
			 "status", stage_status_name(st->status),
			 "seconds", hb_json_number(st->seconds),
			 "exit_code", st->exit_code,
			 "log", hb_json_string(st->log),
			 "detail", hb_json_string(st->detail));
}

static json_t *feature_json(const struct run_feature *f)
{
	json_t *o = json_object();
	char text[64];
	run_feature_verdict_text(f, text, sizeof(text));
	json_object_set_new(o, "name", hb_json_string(f->name));
	json_object_set_new(o, "label", hb_json_string(run_feature_label(f)));
	json_object_set_new(o, "apply", json_string(feature_outcome_id(f->apply)));
	json_object_set_new(o, "suites", json_integer(f->n_suites));
	for (int fl = 0; fl < FLAVOURS; fl++)
		json_object_set_new(o, flavour_name(fl), json_string(row_state_name(f->state[fl])));
	json_object_set_new(o, "verdict", json_string(verdict_id(f->verdict)));
	bool failed = f->verdict == VERDICT_STAGE_FAILED;
	json_object_set_new(o, "failed_stage",
			    failed ? json_string(run_stage_name(f->failed_stage)) : json_null());
	json_object_set_new(o, "verdict_text", hb_json_string(text));
	json_object_set_new(o, "ok", json_boolean(verdict_ok(f->verdict)));
	json_object_set_new(o, "log", hb_json_string(f->log));
	return o;
}

json_t *run_result_to_json(const struct run_result *r)
{
	json_t *v = json_object();
	json_object_set_new(v, "format", json_string(RUN_RESULT_FORMAT));
	json_object_set_new(v, "format_version", json_integer(RUN_RESULT_FORMAT_VERSION));
	json_object_set_new(v, "kernel", hb_json_string(r->kernel));
	json_object_set_new(v, "order", json_integer(r->order));
	json_object_set_new(v, "version", hb_json_string(r->version));
	json_object_set_new(v, "run_id", hb_json_string(r->run_id));
	json_object_set_new(v, "started", hb_json_string(r->started));
	json_object_set_new(v, "finished", hb_json_string(r->finished));
	json_object_set_new(v, "exit_code", json_integer(r->exit_code));
	json_object_set_new(v, "seconds", hb_json_number(run_result_seconds(r)));
	json_t *stages = json_array();
	for (int s = 0; s < RUN_STAGES; s++)
		json_array_append_new(stages, stage_json(s, &r->stages[s]));
	json_object_set_new(v, "stages", stages);
	json_t *features = json_array();
	for (size_t i = 0; i < r->n_features; i++)
		json_array_append_new(features, feature_json(&r->features[i]));
	json_object_set_new(v, "features", features);
	json_t *suites = json_array();
	for (size_t i = 0; i < r->n_suites; i++) {
		const struct run_suite *s = &r->suites[i];
		json_t *o = json_object();
		json_object_set_new(o, "name", hb_json_string(s->name));
		json_object_set_new(o, "feature", hb_json_string(s->feature));
		if (s->compared) /* only then: other suites' entries stay as they were */
			json_object_set_new(o, "compared", json_true());
		for (int fl = 0; fl < FLAVOURS; fl++)
			json_object_set_new(o, flavour_name(fl),
					    suite_outcome_json(&s->flavour[fl]));
		json_array_append_new(suites, o);
	}
	json_object_set_new(v, "suites", suites);
	json_t *flavours = json_object();
	for (int fl = 0; fl < FLAVOURS; fl++)
		json_object_set_new(flavours, flavour_name(fl), flavour_json(&r->flavour[fl]));
	json_object_set_new(v, "flavours", flavours);
	json_object_set_new(v, "series", series_json(&r->series));
	return v;
}

int run_result_write_file(const struct run_result *r, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return -1;
	json_t *v = run_result_to_json(r);
	int rc = hb_json_write(f, v);
	json_decref(v);
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

/* Unpacks O as json_unpack's FMT says; what does not fit is an error of FIELD. */
static bool unpack(struct reader *rd, const char *field, const json_t *o, const char *fmt, ...)
{
	json_error_t e;
	va_list ap;
	va_start(ap, fmt);
	int rc = json_vunpack_ex((json_t *)o, &e, 0, fmt, ap);
	va_end(ap);
	if (rc != 0)
		bad(rd, field, e.text);
	return rc == 0;
}

static json_t *need(struct reader *rd, const json_t *o, const char *key, json_type type)
{
	json_t *v = json_object_get(o, key);
	if (!v) {
		bad(rd, key, "missing");
		return NULL;
	}
	if (json_typeof(v) != type) {
		bad(rd, key, type == JSON_STRING  ? "expected a string"
			     : type == JSON_ARRAY ? "expected an array"
						  : "expected an object");
		return NULL;
	}
	return v;
}

/* A string or null at KEY, copied. */
static char *opt_string(struct reader *rd, const json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	if (!v || json_is_null(v))
		return NULL;
	if (!json_is_string(v)) {
		bad(rd, key, "expected a string or null");
		return NULL;
	}
	return strdup(json_string_value(v));
}

/* A name from one of the run_result tables (FROM_NAME gives -1 for none of them). */
static int need_name(struct reader *rd, const json_t *o, const char *key,
		     int (*from_name)(const char *))
{
	json_t *v = need(rd, o, key, JSON_STRING);
	int n = v ? from_name(json_string_value(v)) : -1;
	if (v && n < 0) {
		char what[128];
		snprintf(what, sizeof(what), "unknown value '%.80s'", json_string_value(v));
		bad(rd, key, what);
	}
	return n < 0 ? 0 : n;
}

static void read_stages(struct reader *rd, const json_t *a, struct run_result *r)
{
	if (a && json_array_size(a) != RUN_STAGES)
		bad(rd, "stages", "expected one entry per stage");
	for (size_t i = 0; i < json_array_size(a) && i < RUN_STAGES && !rd->failed; i++) {
		json_t *o = json_array_get(a, i);
		char field[32];
		snprintf(field, sizeof(field), "stages[%zu]", i);
		double seconds = 0;
		int exit_code = 0;
		if (!unpack(rd, field, o, "{s?F, s?i}", "seconds", &seconds, "exit_code",
			    &exit_code))
			break;
		int id = need_name(rd, o, "name", run_stage_from_name);
		struct run_stage *st = &r->stages[id];
		st->status = need_name(rd, o, "status", stage_status_from_name);
		st->seconds = seconds;
		st->exit_code = exit_code;
		st->log = opt_string(rd, o, "log");
		st->detail = opt_string(rd, o, "detail");
	}
}

static void read_features(struct reader *rd, const json_t *a, struct run_result *r)
{
	r->features = calloc(json_array_size(a) + 1, sizeof(*r->features));
	for (size_t i = 0; i < json_array_size(a) && !rd->failed; i++) {
		json_t *o = json_array_get(a, i);
		struct run_feature *f = &r->features[r->n_features++];
		char field[32];
		snprintf(field, sizeof(field), "features[%zu]", i);
		if (!unpack(rd, field, o, "{s?i}", "suites", &f->n_suites))
			break;
		f->name = opt_string(rd, o, "name");
		f->apply = need_name(rd, o, "apply", feature_outcome_from_id);
		for (int fl = 0; fl < FLAVOURS; fl++)
			f->state[fl] = need_name(rd, o, flavour_name(fl), row_state_from_name);
		f->verdict = need_name(rd, o, "verdict", verdict_from_id);
		if (f->verdict == VERDICT_STAGE_FAILED)
			f->failed_stage = need_name(rd, o, "failed_stage", run_stage_from_name);
		f->log = opt_string(rd, o, "log");
	}
}

static void read_outcome(struct reader *rd, const char *field, const json_t *o,
			 struct suite_outcome *out)
{
	int ran = 0, seen = 0, passed = 0;
	const char *expect = NULL;
	if (!unpack(rd, field, o, "{s?b, s?s, s?b, s?b, s?i, s?i}", "ran", &ran, "expect", &expect,
		    "seen", &seen, "passed", &passed, "cases_passed", &out->cases_passed,
		    "cases_total", &out->cases_total))
		return;
	out->ran = ran;
	out->expect_pass = !expect || strcmp(expect, "fail") != 0;
	out->seen = seen;
	out->passed = passed;
}

static void read_suites(struct reader *rd, const json_t *a, struct run_result *r)
{
	r->suites = calloc(json_array_size(a) + 1, sizeof(*r->suites));
	for (size_t i = 0; i < json_array_size(a) && !rd->failed; i++) {
		json_t *o = json_array_get(a, i);
		struct run_suite *s = &r->suites[r->n_suites++];
		json_t *name = need(rd, o, "name", JSON_STRING);
		s->name = strdup(name ? json_string_value(name) : "");
		s->feature = opt_string(rd, o, "feature");
		s->compared = json_is_true(json_object_get(o, "compared"));
		for (int fl = 0; fl < FLAVOURS && !rd->failed; fl++) {
			char field[64];
			snprintf(field, sizeof(field), "suites[%zu].%s", i, flavour_name(fl));
			json_t *so = need(rd, o, flavour_name(fl), JSON_OBJECT);
			if (so)
				read_outcome(rd, field, so, &s->flavour[fl]);
		}
	}
}

static void read_fuzz(struct reader *rd, const char *field, const json_t *z,
		      struct fuzz_result *f)
{
	json_int_t seconds = 0, seed = 0;
	int trinity_ran = 0, console_clean = 0, powered_off = 0;
	if (!unpack(rd, field, z, "{s?I, s?I, s?b, s?b, s?b}", "seconds", &seconds, "seed", &seed,
		    "trinity_ran", &trinity_ran, "console_clean", &console_clean, "powered_off",
		    &powered_off))
		return;
	f->ran = true;
	f->seconds = (long)seconds;
	f->seed = (long)seed;
	f->trinity_ran = trinity_ran;
	f->console_clean = console_clean;
	f->powered_off = powered_off;
	f->problem = opt_string(rd, z, "problem");
	f->console_log = opt_string(rd, z, "console_log");
}

static void read_flavour(struct reader *rd, enum flavour fl, const json_t *o,
			 struct run_flavour *f)
{
	char field[64];
	snprintf(field, sizeof(field), "flavours.%s", flavour_name(fl));
	struct guest_boot *g = &f->boot;
	int tested = 0, booted = 0, console_clean = 0;
	if (!unpack(rd, field, o, "{s?b, s?b, s?b, s?F}", "tested", &tested, "booted", &booted,
		    "console_clean", &console_clean, "boot_seconds", &g->boot_seconds))
		return;
	f->tested = tested;
	g->booted = booted;
	g->console_clean = console_clean;
	g->boot_problem = opt_string(rd, o, "boot_problem");
	g->console_problem = opt_string(rd, o, "console_problem");
	g->accel = opt_string(rd, o, "accel");
	g->dir = opt_string(rd, o, "dir");
	f->console_log = opt_string(rd, o, "console_log");
	f->results_path = opt_string(rd, o, "results_json");
	json_t *res = json_object_get(o, "results");
	f->results = json_is_object(res) ? json_incref(res) : NULL;
	char why[200];
	if (leak_stats_from_json(json_object_get(o, "leaks"), &g->leaks, why, sizeof(why)) != 0)
		bad(rd, "leaks", why); /* absent in results older than the measurement: none */
	if (autoload_stats_from_json(json_object_get(o, "autoload"), &g->autoload, why,
				     sizeof(why)) != 0)
		bad(rd, "autoload", why);
	if (kernel_tests_from_json(json_object_get(o, "kernel_tests"), &g->ktests, why,
				   sizeof(why)) != 0)
		bad(rd, "kernel_tests", why);
	if (hc_flavour_from_json(json_object_get(o, "hardening_checker"), &f->checker, why,
				 sizeof(why)) != 0)
		bad(rd, field, why); /* absent in results older than the tool's run: not run */
	json_t *z = json_object_get(o, "fuzz");
	if (json_is_object(z)) {
		char fuzz_field[80];
		snprintf(fuzz_field, sizeof(fuzz_field), "%s.fuzz", field);
		read_fuzz(rd, fuzz_field, z, &f->fuzz);
	}
}

static bool is_sha256(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");
	return n == 64 && !s[n];
}

/* "series": null (results older than it: not known) or the patches and their hash. */
static void read_series(struct reader *rd, const json_t *o, struct run_series *s)
{
	if (!o || json_is_null(o))
		return;
	json_t *patches = NULL;
	const char *hash = NULL;
	if (!unpack(rd, "series", o, "{s:o, s:s}", "patches", &patches, "patchset_hash", &hash))
		return;
	if (!json_is_array(patches)) {
		bad(rd, "series.patches", "expected an array");
		return;
	}
	if (*hash ? !is_sha256(hash) : json_array_size(patches) > 0) {
		bad(rd, "series.patchset_hash", "expected 64 lowercase hex digits (\"\" for no "
			"patches)");
		return;
	}
	s->known = true;
	snprintf(s->patchset_hash, sizeof(s->patchset_hash), "%s", hash);
	s->patches = calloc(json_array_size(patches) + 1, sizeof(*s->patches));
	for (size_t i = 0; i < json_array_size(patches) && !rd->failed; i++) {
		const char *name = NULL, *sum = NULL;
		char field[48];
		snprintf(field, sizeof(field), "series.patches[%zu]", i);
		if (!unpack(rd, field, json_array_get(patches, i), "{s:s, s:s}", "name", &name,
			    "sha256", &sum))
			break;
		if (!is_sha256(sum)) {
			bad(rd, field, "sha256: expected 64 lowercase hex digits");
			break;
		}
		struct run_patch *p = &s->patches[s->n++];
		p->name = strdup(name);
		snprintf(p->sha256, sizeof(p->sha256), "%s", sum);
	}
	/* the hash must be the one of these patches: a report names the series by it */
	char recorded[sizeof(s->patchset_hash)];
	memcpy(recorded, s->patchset_hash, sizeof(recorded));
	run_series_hash(s);
	if (!rd->failed && strcmp(recorded, s->patchset_hash) != 0)
		bad(rd, "series.patchset_hash", "is not the hash of series.patches' sha256");
}

int run_result_from_json(const json_t *v, struct run_result *r, char *err, size_t errlen)
{
	struct reader rd = { .err = err, .errlen = errlen };
	memset(r, 0, sizeof(*r));
	if (!json_is_object(v)) {
		msg_format(err, errlen, "not a JSON object");
		return -1;
	}
	const char *format = json_string_value(json_object_get(v, "format"));
	if (!format || strcmp(format, RUN_RESULT_FORMAT) != 0) {
		msg_format(err, errlen, "field 'format': not \"%s\" (not a per-kernel result)",
			   RUN_RESULT_FORMAT);
		return -1;
	}
	json_t *version = json_object_get(v, "format_version");
	if (!json_is_integer(version) || json_integer_value(version) != RUN_RESULT_FORMAT_VERSION) {
		msg_format(err, errlen, "field 'format_version': this backport reads version %d",
			   RUN_RESULT_FORMAT_VERSION);
		return -1;
	}
	json_t *kernel = need(&rd, v, "kernel", JSON_STRING);
	r->kernel = strdup(kernel ? json_string_value(kernel) : "");
	unpack(&rd, "order", v, "{s?i}", "order", &r->order);
	unpack(&rd, "exit_code", v, "{s?i}", "exit_code", &r->exit_code);
	r->version = opt_string(&rd, v, "version");
	r->run_id = opt_string(&rd, v, "run_id");
	r->started = opt_string(&rd, v, "started");
	r->finished = opt_string(&rd, v, "finished");
	read_stages(&rd, need(&rd, v, "stages", JSON_ARRAY), r);
	read_features(&rd, need(&rd, v, "features", JSON_ARRAY), r);
	read_suites(&rd, need(&rd, v, "suites", JSON_ARRAY), r);
	json_t *flavours = need(&rd, v, "flavours", JSON_OBJECT);
	for (int fl = 0; fl < FLAVOURS && !rd.failed; fl++)
		read_flavour(&rd, fl, need(&rd, flavours, flavour_name(fl), JSON_OBJECT),
			     &r->flavour[fl]);
	if (!rd.failed)
		read_series(&rd, json_object_get(v, "series"), &r->series);
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
	json_t *v = hb_json_read_file(path, why, sizeof(why));
	if (!v) {
		msg_format(err, errlen, "%s", why);
		return -1;
	}
	int rc = run_result_from_json(v, r, why, sizeof(why));
	if (rc)
		msg_format(err, errlen, "%s: %s", path, why);
	json_decref(v);
	return rc;
}
