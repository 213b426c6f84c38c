// SPDX-License-Identifier: GPL-2.0-only
#include "system_result.h"

#include "fsutil.h"
#include "ktap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum system_case_kind system_case_kind_of(const char *name)
{
	if (strncmp(name, "user_", 5) == 0 || strncmp(name, "container_root_", 15) == 0)
		return SYSCASE_DOOR;
	if (strncmp(name, "level2_", 7) == 0)
		return SYSCASE_LEVEL2;
	return SYSCASE_SYSTEM;
}

bool system_words_has(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; p && *p;) {
		p += strspn(p, " ");
		size_t len = strcspn(p, " ");
		if (len == n && strncmp(p, word, n) == 0)
			return true;
		p += len;
	}
	return false;
}

size_t system_words_count(const char *list)
{
	size_t count = 0;
	for (const char *p = list; p && *p;) {
		p += strspn(p, " ");
		size_t len = strcspn(p, " ");
		count += len > 0;
		p += len;
	}
	return count;
}

/* Appends the words of the diagnostic line after "KEY: " to *TO. */
static void append_words(char **to, const char *words)
{
	if (!*words)
		return;
	char *more = xasprintf("%s%s%s", *to, **to ? " " : "", words);
	free(*to);
	*to = more;
}

/* The value of DIAG when it is "KEY: value", else NULL. */
static const char *value_of(const char *diag, const char *key)
{
	size_t n = strlen(key);
	return strncmp(diag, key, n) == 0 && diag[n] == ':' && diag[n + 1] == ' ' ? diag + n + 2
										    : NULL;
}

/* "ALIAS by COMM[PID] uid UID unit UNIT module MODULE" */
static bool parse_refusal(const char *text, struct system_refusal *r)
{
	char alias[256], comm[128], unit[256], module[128];
	int pid;
	long uid;
	if (sscanf(text, "%255s by %127[^[][%d] uid %ld unit %255s module %127s", alias, comm, &pid,
		   &uid, unit, module) != 6)
		return false;
	r->alias = strdup(alias);
	r->comm = strdup(comm);
	r->uid = uid;
	r->unit = strdup(strcmp(unit, "-") ? unit : "");
	r->module = strdup(strcmp(module, "-") ? module : "");
	return true;
}

static void add_refusal(struct system_refusal **list, size_t *n, const struct system_refusal *r)
{
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = *r;
}

static void read_case(const struct ktap_result *k, struct system_case *c,
		      struct system_boot_result *r)
{
	c->name = strdup(k->name);
	c->kind = system_case_kind_of(k->name);
	c->ok = k->status == KTAP_OK;
	c->missing = k->status == KTAP_MISSING;
	c->requested = strdup("");
	c->loaded = strdup("");
	c->detail = strdup("");
	bool is_boot = strcmp(k->name, "boot") == 0;
	for (size_t i = 0; i < k->n_diag; i++) {
		const char *d = k->diag[i], *v;
		struct system_refusal ref;
		if ((v = value_of(d, "requested")))
			append_words(&c->requested, v);
		else if ((v = value_of(d, "loaded")))
			append_words(&c->loaded, v);
		else if ((v = value_of(d, "refused")) && parse_refusal(v, &ref))
			add_refusal(&c->refused, &c->n_refused, &ref);
		else if (is_boot && (v = value_of(d, "refused_at_boot")) && parse_refusal(v, &ref))
			add_refusal(&r->boot_refused, &r->n_boot_refused, &ref);
		else if (is_boot && (v = value_of(d, "boot_seconds")))
			r->boot_seconds = strtod(v, NULL);
		else if (is_boot && (v = value_of(d, "modules_restrict")))
			r->level = strcmp(v, "absent") ? strtol(v, NULL, 10) : -1;
		else if (is_boot && (v = value_of(d, "failed_units")))
			append_words(&r->failed_units, v);
		else if (is_boot && (v = value_of(d, "modules_at_boot")))
			append_words(&r->modules_at_boot, v);
		else if (is_boot && (v = value_of(d, "requested_at_boot")))
			append_words(&r->requested_at_boot, v);
		else if (d[0] != '$' && d[0] != ' ') {
			free(c->detail);
			c->detail = strdup(d);
		}
	}
}

/* By alias, then requester: the order the kernel logged them in varies with the order
 * services start, a report must not. */
static int by_alias(const void *a, const void *b)
{
	const struct system_refusal *x = a, *y = b;
	int c = strcmp(x->alias, y->alias);
	return c ? c : strcmp(x->comm, y->comm);
}

int system_result_parse(const char *text, size_t len, struct system_boot_result *r)
{
	memset(r, 0, sizeof(*r));
	r->boot_seconds = -1;
	r->level = -1;
	r->failed_units = strdup("");
	r->modules_at_boot = strdup("");
	r->modules_at_end = strdup("");
	r->requested_at_boot = strdup("");
	struct ktap_report k;
	if (ktap_parse(text, len, &k) != 0)
		return -1;
	if (!k.version_seen) {
		ktap_report_free(&k);
		return -1;
	}
	r->planned = k.plan;
	r->cases = calloc(k.n_results ? k.n_results : 1, sizeof(*r->cases));
	for (size_t i = 0; i < k.n_results; i++) {
		struct system_case *c = &r->cases[r->n_cases++];
		read_case(&k.results[i], c, r);
		if (c->n_refused)
			qsort(c->refused, c->n_refused, sizeof(*c->refused), by_alias);
	}
	if (r->n_boot_refused)
		qsort(r->boot_refused, r->n_boot_refused, sizeof(*r->boot_refused), by_alias);
	for (size_t i = 0; i < k.n_diag; i++) {
		const char *v = value_of(k.diag[i], "modules_at_end");
		if (v)
			append_words(&r->modules_at_end, v);
	}
	ktap_report_free(&k);
	return 0;
}

static void refusals_free(struct system_refusal *list, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(list[i].alias);
		free(list[i].comm);
		free(list[i].unit);
		free(list[i].module);
	}
	free(list);
}

void system_result_free(struct system_boot_result *r)
{
	for (size_t i = 0; i < r->n_cases; i++) {
		struct system_case *c = &r->cases[i];
		free(c->name);
		free(c->requested);
		free(c->loaded);
		free(c->detail);
		refusals_free(c->refused, c->n_refused);
	}
	free(r->cases);
	refusals_free(r->boot_refused, r->n_boot_refused);
	free(r->failed_units);
	free(r->modules_at_boot);
	free(r->modules_at_end);
	free(r->requested_at_boot);
	memset(r, 0, sizeof(*r));
}

bool system_case_injects(const char *name)
{
	return strstr(name, "tiocsti") != NULL;
}

bool system_case_not_tried(const struct system_case *c)
{
	return c->kind == SYSCASE_DOOR && !c->ok && !c->missing && !*c->requested &&
	       !*c->loaded && !system_case_injects(c->name);
}

const struct system_case *system_result_case(const struct system_boot_result *r,
					     const char *name)
{
	for (size_t i = 0; i < r->n_cases; i++)
		if (strcmp(r->cases[i].name, name) == 0)
			return &r->cases[i];
	return NULL;
}
