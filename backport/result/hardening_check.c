// SPDX-License-Identifier: GPL-2.0-only
#include "hardening_check.h"

#include "json_util.h"
#include "msg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_free(struct hc_check *c)
{
	free(c->name);
	free(c->type);
	free(c->reason);
	free(c->decision);
	free(c->desired);
	free(c->result);
}

void hc_checks_free(struct hc_checks *c)
{
	for (size_t i = 0; i < c->n; i++)
		check_free(&c->v[i]);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

static void count(struct hc_checks *c)
{
	c->ok = c->fail = 0;
	for (size_t i = 0; i < c->n; i++)
		*(c->v[i].ok ? &c->ok : &c->fail) += 1;
}

/* The string at KEY of O, copied; NULL after saying which field of entry I is wrong. */
static char *field(const json_t *o, size_t i, const char *key, char *err, size_t errlen)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_string(v)) {
		msg_format(err, errlen, "entry %zu: field '%s' %s", i, key,
			   v ? "is no string" : "is missing");
		return NULL;
	}
	return strdup(json_string_value(v));
}

/* One entry, as the tool's json_dump() writes it. */
static int read_check(const json_t *o, size_t i, struct hc_check *c, char *err, size_t errlen)
{
	if (!json_is_object(o)) {
		msg_format(err, errlen, "entry %zu is no object (the JSON of %s older than 0.6.10 "
			   "was a list of lists)", i, "kernel-hardening-checker");
		return -1;
	}
	static const char *const keys[] = { "option_name", "type", "reason", "decision",
					    "desired_val", "check_result" };
	char **slots[] = { &c->name, &c->type, &c->reason, &c->decision, &c->desired,
			   &c->result };
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (!(*slots[k] = field(o, i, keys[k], err, errlen)))
			return -1;
	json_t *b = json_object_get(o, "check_result_bool");
	if (!json_is_boolean(b)) {
		msg_format(err, errlen, "entry %zu (%s): field 'check_result_bool' %s", i, c->name,
			   b ? "is no boolean" : "is missing");
		return -1;
	}
	c->ok = json_is_true(b);
	/* the tool derives one from the other: a result that disagrees is no result of it */
	if (c->ok != (strncmp(c->result, "OK", 2) == 0)) {
		msg_format(err, errlen, "entry %zu (%s): check_result \"%s\" and check_result_bool "
			   "disagree", i, c->name, c->result);
		return -1;
	}
	return 0;
}

int hc_checks_parse(const char *text, size_t len, struct hc_checks *out, char *err,
		    size_t errlen)
{
	char why[512];
	memset(out, 0, sizeof(*out));
	json_t *v = hb_json_parse(text, len, "kernel-hardening-checker's output", why,
				  sizeof(why));
	if (!v) {
		msg_format(err, errlen, "%s", why);
		return -1;
	}
	int rc = 0;
	if (!json_is_array(v) || !json_array_size(v)) {
		msg_format(err, errlen, "kernel-hardening-checker's output is %s, not a list of "
			   "checks", json_is_array(v) ? "an empty list" : "no list");
		rc = -1;
	}
	if (!rc) {
		out->v = calloc(json_array_size(v), sizeof(*out->v));
		if (!out->v)
			abort();
	}
	for (size_t i = 0; !rc && i < json_array_size(v); i++) {
		rc = read_check(json_array_get(v, i), i, &out->v[i], err, errlen);
		out->n = i + 1;
	}
	json_decref(v);
	if (rc)
		hc_checks_free(out);
	else
		count(out);
	return rc;
}

const struct hc_check *hc_checks_find(const struct hc_checks *c, const char *name,
				      const char *decision)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].name, name) && (!decision || !strcmp(c->v[i].decision, decision)))
			return &c->v[i];
	return NULL;
}

bool hc_check_same(const struct hc_check *a, const struct hc_check *b)
{
	/* desired too: the tool checks CONFIG_LSM four times, two of them kspp's
	 * security_policy ones ("*yama*", "*landlock*") */
	return !strcmp(a->name, b->name) && !strcmp(a->type, b->type) &&
	       !strcmp(a->decision, b->decision) && !strcmp(a->reason, b->reason) &&
	       !strcmp(a->desired, b->desired);
}

void hc_flavour_free(struct hc_flavour *f)
{
	free(f->problem);
	free(f->version);
	free(f->source);
	free(f->modules_restrict);
	free(f->cmdline);
	hc_checks_free(&f->boot);
	for (size_t i = 0; i < f->n_dumps; i++) {
		free(f->dumps[i].modules_restrict);
		free(f->dumps[i].differs);
	}
	memset(f, 0, sizeof(*f));
}

void hc_flavour_move(struct hc_flavour *to, struct hc_flavour *from)
{
	hc_flavour_free(to);
	*to = *from;
	memset(from, 0, sizeof(*from));
}

/* ---- the per-kernel results ---- */

static json_t *check_json(const struct hc_check *c)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:b}",
			 "name", hb_json_string(c->name),
			 "type", hb_json_string(c->type),
			 "reason", hb_json_string(c->reason),
			 "decision", hb_json_string(c->decision),
			 "desired", hb_json_string(c->desired),
			 "result", hb_json_string(c->result),
			 "ok", c->ok);
}

json_t *hc_flavour_to_json(const struct hc_flavour *f)
{
	if (!f->ran && !f->problem)
		return json_null();
	json_t *o = json_object();
	json_object_set_new(o, "ran", json_boolean(f->ran));
	json_object_set_new(o, "problem", hb_json_string(f->problem));
	json_object_set_new(o, "version", hb_json_string(f->version));
	json_object_set_new(o, "source", hb_json_string(f->source));
	json_object_set_new(o, "modules_restrict", hb_json_string(f->modules_restrict));
	json_object_set_new(o, "cmdline", hb_json_string(f->cmdline));
	json_object_set_new(o, "ok", json_integer((json_int_t)f->boot.ok));
	json_object_set_new(o, "fail", json_integer((json_int_t)f->boot.fail));
	json_t *checks = json_array();
	for (size_t i = 0; i < f->boot.n; i++)
		json_array_append_new(checks, check_json(&f->boot.v[i]));
	json_object_set_new(o, "checks", checks);
	json_t *dumps = json_array();
	for (size_t i = 0; i < f->n_dumps; i++) {
		const struct hc_dump *d = &f->dumps[i];
		json_array_append_new(dumps, json_pack("{s:s, s:o, s:I, s:I, s:o}",
						       "label", d->label,
						       "modules_restrict",
						       hb_json_string(d->modules_restrict),
						       "ok", (json_int_t)d->ok,
						       "fail", (json_int_t)d->fail,
						       "differs_from_boot",
						       hb_json_string(d->differs)));
	}
	json_object_set_new(o, "other_dumps", dumps);
	return o;
}

static char *opt_string(const json_t *o, const char *key, const char *where, bool *bad,
			char *err, size_t errlen)
{
	json_t *v = json_object_get(o, key);
	if (!v || json_is_null(v))
		return NULL;
	if (json_is_string(v))
		return strdup(json_string_value(v));
	if (!*bad)
		msg_format(err, errlen, "field '%s%s': expected a string or null", where, key);
	*bad = true;
	return NULL;
}

static void read_checks(const json_t *a, struct hc_flavour *f, bool *bad, char *err,
			size_t errlen)
{
	if (!json_is_array(a)) {
		msg_format(err, errlen, "field 'hardening_checker.checks': expected an array");
		*bad = true;
		return;
	}
	f->boot.v = calloc(json_array_size(a) + 1, sizeof(*f->boot.v));
	if (!f->boot.v)
		abort();
	for (size_t i = 0; i < json_array_size(a) && !*bad; i++) {
		json_t *o = json_array_get(a, i);
		struct hc_check *c = &f->boot.v[f->boot.n++];
		char where[64];
		snprintf(where, sizeof(where), "hardening_checker.checks[%zu].", i);
		char **slots[] = { &c->name, &c->type, &c->reason, &c->decision, &c->desired,
				   &c->result };
		static const char *const keys[] = { "name", "type", "reason", "decision",
						    "desired", "result" };
		for (size_t k = 0; k < 6 && !*bad; k++) {
			*slots[k] = opt_string(o, keys[k], where, bad, err, errlen);
			if (!*slots[k] && !*bad) {
				msg_format(err, errlen, "field '%s%s': missing", where, keys[k]);
				*bad = true;
			}
		}
		json_t *ok = json_object_get(o, "ok");
		if (!*bad && !json_is_boolean(ok)) {
			msg_format(err, errlen, "field '%sok': expected a boolean", where);
			*bad = true;
		}
		c->ok = json_is_true(ok);
	}
	count(&f->boot);
}

int hc_flavour_from_json(const json_t *v, struct hc_flavour *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof(*f));
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_object(v)) {
		msg_format(err, errlen, "field 'hardening_checker': expected an object or null");
		return -1;
	}
	bool bad = false;
	f->ran = json_is_true(json_object_get(v, "ran"));
	f->problem = opt_string(v, "problem", "hardening_checker.", &bad, err, errlen);
	f->version = opt_string(v, "version", "hardening_checker.", &bad, err, errlen);
	f->source = opt_string(v, "source", "hardening_checker.", &bad, err, errlen);
	f->modules_restrict = opt_string(v, "modules_restrict", "hardening_checker.", &bad, err,
					 errlen);
	f->cmdline = opt_string(v, "cmdline", "hardening_checker.", &bad, err, errlen);
	if (!bad)
		read_checks(json_object_get(v, "checks"), f, &bad, err, errlen);
	json_t *dumps = json_object_get(v, "other_dumps");
	for (size_t i = 0; !bad && i < json_array_size(dumps) && i < HC_DUMPS_MAX; i++) {
		json_t *o = json_array_get(dumps, i);
		struct hc_dump *d = &f->dumps[f->n_dumps++];
		const char *label = NULL;
		json_int_t ok = 0, fail = 0;
		json_error_t e;
		if (json_unpack_ex(o, &e, 0, "{s:s, s?I, s?I}", "label", &label, "ok", &ok,
				   "fail", &fail) != 0) {
			msg_format(err, errlen, "field 'hardening_checker.other_dumps[%zu]': %s", i,
				   e.text);
			bad = true;
			break;
		}
		snprintf(d->label, sizeof(d->label), "%s", label);
		d->ok = (size_t)ok;
		d->fail = (size_t)fail;
		d->modules_restrict = opt_string(o, "modules_restrict", "other_dumps[].", &bad, err,
						 errlen);
		d->differs = opt_string(o, "differs_from_boot", "other_dumps[].", &bad, err, errlen);
	}
	if (bad)
		hc_flavour_free(f);
	return bad ? -1 : 0;
}
