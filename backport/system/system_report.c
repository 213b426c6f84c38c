// SPDX-License-Identifier: GPL-2.0-only
#include "system_report.h"

#include "fsutil.h"
#include "system_image.h"
#include "system_verdict.h"
#include "text_list.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growing text. */
struct text {
	char *s;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *piece = NULL;
	if (vasprintf(&piece, fmt, ap) < 0)
		abort();
	va_end(ap);
	char *more = xasprintf("%s%s", t->s ? t->s : "", piece);
	free(piece);
	free(t->s);
	t->s = more;
}

/* The unit a system workload's refusals come from when they happen at boot. */
static const char *unit_of_case(const char *name)
{
	if (strncmp(name, "networkd_", 9) == 0)
		return "systemd-networkd.service";
	if (strncmp(name, "nftables_", 9) == 0)
		return "nftables.service";
	return NULL;
}

/* The aliases refused for case C of R: during the case, or at boot by its unit. */
static char *refused_for(const struct system_boot_result *r, const struct system_case *c)
{
	char *list = strdup("");
	for (size_t i = 0; i < c->n_refused; i++)
		text_list_add(&list, c->refused[i].alias);
	const char *unit = unit_of_case(c->name);
	for (size_t i = 0; unit && i < r->n_boot_refused; i++)
		if (!strcmp(r->boot_refused[i].unit, unit))
			text_list_add(&list, r->boot_refused[i].alias);
	return list;
}

static char *case_cell(const struct system_boot *b, const char *name)
{
	const struct system_case *c = b->parsed ? system_result_case(&b->result, name) : NULL;
	if (!c)
		return strdup(b->parsed && system_case_kind_of(name) == SYSCASE_LEVEL2 ? "-"
											: "not reached");
	if (c->missing)
		return strdup("not reached");
	bool tty = system_case_injects(name);
	if (system_case_not_tried(c))
		return strdup("not tried: its action failed (the boot's log says why)");
	if (c->kind == SYSCASE_DOOR) {
		if (c->ok)
			return strdup(tty ? "refused" : "closed");
		if (tty)
			return strdup("injected");
		if (*c->loaded)
			return xasprintf("open: loaded %s", c->loaded);
		return xasprintf("open: asked for %s", *c->requested ? c->requested : "?");
	}
	if (c->ok)
		return strdup("ok");
	char *refused = refused_for(&b->result, c);
	char *cell = *refused ? xasprintf("FAILED (refused: %s)", refused) : strdup("FAILED");
	free(refused);
	return cell;
}

/* The names of LIST not in OTHER, each with PREFIX: "+a +b" (malloc'd). */
static char *words_minus(const char *list, const char *other, const char *prefix)
{
	char *out = strdup(""), *copy = strdup(list), *save = NULL;
	for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (system_words_has(other, w))
			continue;
		char *more = xasprintf("%s%s%s%s", out, *out ? " " : "", prefix, w);
		free(out);
		out = more;
	}
	free(copy);
	return out;
}

static char *fact_cell(const struct system_run *r, int k, int row)
{
	const struct system_boot *b = &r->boots[k];
	const struct system_boot_result *res = &b->result;
	if (!b->parsed)
		return strdup(b->problem ? b->problem : "did not boot");
	switch (row) {
	case 0:
		return res->level < 0 ? strdup("absent") : xasprintf("%ld", res->level);
	case 1:
		return res->boot_seconds < 0 ? strdup("?") : xasprintf("%.1f s", res->boot_seconds);
	case 2:
		return strdup(*res->failed_units ? res->failed_units : "none");
	case 3: {
		const struct system_boot *v = &r->boots[SYSCFG_VANILLA];
		size_t n = system_words_count(res->modules_at_boot);
		if (k == SYSCFG_VANILLA || !v->parsed)
			return xasprintf("%zu", n);
		char *plus = words_minus(res->modules_at_boot, v->result.modules_at_boot, "+");
		char *minus = words_minus(v->result.modules_at_boot, res->modules_at_boot, "-");
		char *cell = xasprintf("%zu%s%s%s%s", n, *plus || *minus ? " (" : " (same)", plus,
				       *plus && *minus ? " " : "", minus);
		if (*plus || *minus) {
			char *closed = xasprintf("%s)", cell);
			free(cell);
			cell = closed;
		}
		free(plus);
		free(minus);
		return cell;
	}
	default: {
		char *list = strdup("");
		for (size_t i = 0; i < res->n_boot_refused; i++) {
			char *item = xasprintf("%s (%s)", res->boot_refused[i].alias,
					       *res->boot_refused[i].unit ? res->boot_refused[i].unit
									  : res->boot_refused[i].comm);
			text_list_add(&list, item);
			free(item);
		}
		if (!*list) {
			free(list);
			list = strdup("none");
		}
		return list;
	}
	}
}

static const char *const fact_rows[] = { "kernel.modules_restrict at boot",
					 "boot to multi-user.target", "failed units",
					 "modules loaded at boot", "autoloads refused at boot" };

char *system_table_md(const struct system_run *r)
{
	struct text t = { 0 };
	add(&t, "| %s %s (%s) |", r->kernel, r->version ? r->version : "", r->config);
	for (int k = 0; k < SYSCFG_COUNT; k++)
		add(&t, " %s |", system_config_label((enum system_config)k));
	add(&t, "\n|---|");
	for (int k = 0; k < SYSCFG_COUNT; k++)
		add(&t, "---|");
	add(&t, "\n");
	for (int row = 0; row < 5; row++) {
		add(&t, "| %s |", fact_rows[row]);
		for (int k = 0; k < SYSCFG_COUNT; k++) {
			char *cell = fact_cell(r, k, row);
			add(&t, " %s |", cell);
			free(cell);
		}
		add(&t, "\n");
	}
	/* the cases, in the order of the boot that reported the most */
	const struct system_boot_result *most = NULL;
	for (int k = 0; k < SYSCFG_COUNT; k++)
		if (r->boots[k].parsed && (!most || r->boots[k].result.n_cases > most->n_cases))
			most = &r->boots[k].result;
	for (size_t i = 0; most && i < most->n_cases; i++) {
		add(&t, "| %s |", most->cases[i].name);
		for (int k = 0; k < SYSCFG_COUNT; k++) {
			char *cell = case_cell(&r->boots[k], most->cases[i].name);
			add(&t, " %s |", cell);
			free(cell);
		}
		add(&t, "\n");
	}
	return t.s;
}

static json_t *refusal_json(const struct system_refusal *f)
{
	return json_pack("{s:s, s:s, s:I, s:s, s:s}", "alias", f->alias, "comm", f->comm, "uid",
			 (json_int_t)f->uid, "unit", f->unit, "module", f->module);
}

static json_t *boot_json(const struct system_boot *b)
{
	json_t *o = json_pack("{s:b, s:b, s:s?, s:s?, s:f}", "ran", b->ran, "finished",
			      b->finished, "problem", b->problem, "console_log", b->console_log,
			      "seconds", b->seconds);
	if (!b->parsed)
		return o;
	const struct system_boot_result *res = &b->result;
	json_object_set_new(o, "boot_seconds", json_real(res->boot_seconds));
	json_object_set_new(o, "modules_restrict", json_integer(res->level));
	json_object_set_new(o, "failed_units", json_string(res->failed_units));
	json_object_set_new(o, "modules_at_boot", json_string(res->modules_at_boot));
	json_object_set_new(o, "modules_at_end", json_string(res->modules_at_end));
	json_object_set_new(o, "requested_at_boot", json_string(res->requested_at_boot));
	json_t *refused = json_array();
	for (size_t i = 0; i < res->n_boot_refused; i++)
		json_array_append_new(refused, refusal_json(&res->boot_refused[i]));
	json_object_set_new(o, "refused_at_boot", refused);
	json_t *cases = json_array();
	for (size_t i = 0; i < res->n_cases; i++) {
		const struct system_case *c = &res->cases[i];
		static const char *const kinds[] = { "system", "door", "level2" };
		json_t *cr = json_array();
		for (size_t j = 0; j < c->n_refused; j++)
			json_array_append_new(cr, refusal_json(&c->refused[j]));
		json_array_append_new(cases, json_pack("{s:s, s:s, s:b, s:b, s:s, s:s, s:o, s:s}",
						       "name", c->name, "kind", kinds[c->kind],
						       "ok", c->ok, "missing", c->missing,
						       "requested", c->requested, "loaded", c->loaded,
						       "refused", cr, "detail", c->detail));
	}
	json_object_set_new(o, "cases", cases);
	return o;
}

json_t *system_run_json(const struct system_run *r)
{
	json_t *boots = json_object();
	for (int k = 0; k < SYSCFG_COUNT; k++)
		json_object_set_new(boots, system_config_name((enum system_config)k),
				    boot_json(&r->boots[k]));
	char *problems = system_verdict(r);
	json_t *o = json_pack("{s:s, s:s?, s:s?, s:s, s:[s?, s?], s:[s?, s?], s:s?, s:i, s:o, s:s, "
			      "s:f}",
			      "kernel", r->kernel, "suite", r->suite, "version", r->version,
			      "config", r->config, "packages", r->package_names[0],
			      r->package_names[1], "releases", r->release[0], r->release[1],
			      "fixes", r->fixes, "fix_boots", r->n_fix_rounds + 1, "boots", boots,
			      "problems", problems, "seconds", r->seconds);
	free(problems);
	return o;
}

struct deploy_rows {
	struct text *t;
	char **seen;
	size_t n_seen;
	const char *at_boot; /* what "when" says of a refusal at boot */
};

static void deploy_row(const struct system_refusal *ref, const char *where, void *arg)
{
	struct deploy_rows *d = arg;
	const char *who = *ref->unit ? ref->unit : ref->comm;
	char *key = xasprintf("%s %s", ref->alias, who);
	for (size_t i = 0; i < d->n_seen; i++)
		if (!strcmp(d->seen[i], key)) {
			free(key);
			return;
		}
	fs_list_add(&d->seen, &d->n_seen, key);
	char *fix = *ref->module ? xasprintf("`%s` in `/etc/modules-load.d/`", ref->module)
				 : strdup("none needed: no module of this kernel serves it");
	add(d->t, "| `%s` | %s | %s | %s | %s |\n", ref->alias, who,
	    !strcmp(where, "boot") ? d->at_boot : where, *ref->module ? ref->module : "-", fix);
	free(fix);
}

char *system_deploying_md(const struct system_run *r)
{
	struct text t = { 0 };
	const struct system_boot *p1 = &r->boots[SYSCFG_PATCHED_1];
	const struct system_boot *pf = &r->boots[SYSCFG_PATCHED_FIXED];
	add(&t, "%s\n", SYSTEM_DEPLOYING_BEGIN);
	add(&t, "### %s on Debian %s (%s)\n\n", r->kernel, r->suite ? r->suite : "?", r->config);
	if (!p1->parsed) {
		add(&t, "The patched kernel at level 1 gave no results: %s.\n",
		    p1->problem ? p1->problem : "?");
		add(&t, "%s\n", SYSTEM_DEPLOYING_END);
		return t.s;
	}
	add(&t, "What `kernel.modules_restrict=1` refused on the stock system, and the fix:\n\n");
	add(&t, "| refused autoload | asked by | when | module | fix |\n|---|---|---|---|---|\n");
	struct deploy_rows d = { .t = &t, .at_boot = "at boot" };
	system_admin_refusals(&p1->result, deploy_row, &d);
	/* what a refusal hid until its module was there (a VLAN on a link not made) */
	d.at_boot = "at boot, with the modules above loaded";
	for (int i = 0; i < r->n_fix_rounds; i++)
		if (r->fix_rounds[i].parsed)
			system_admin_refusals(&r->fix_rounds[i].result, deploy_row, &d);
	if (pf->parsed)
		system_admin_refusals(&pf->result, deploy_row, &d);
	if (!d.n_seen)
		add(&t, "| none | | | | |\n");
	fs_free_list(d.seen);
	add(&t, "\nWhat a system does, at level 1 on the stock system and with the fixes:\n\n");
	add(&t, "| workload | level 1 | level 1 with the fixes |\n|---|---|---|\n");
	for (size_t i = 0; i < p1->result.n_cases; i++) {
		const struct system_case *c = &p1->result.cases[i];
		if (c->kind == SYSCASE_LEVEL2)
			continue;
		char *a = case_cell(p1, c->name), *b = case_cell(pf, c->name);
		add(&t, "| %s | %s | %s |\n", c->name, a, b);
		free(a);
		free(b);
	}
	if (r->fixes && *r->fixes) {
		add(&t, "\nThe fixes, `/%s`:\n\n```\n%s```\n", SYSTEM_FIXES_FILE, r->fixes);
	} else {
		add(&t, "\nNo fixes needed: level 1 refused nothing a workload needs.\n");
	}
	add(&t, "%s\n", SYSTEM_DEPLOYING_END);
	return t.s;
}
