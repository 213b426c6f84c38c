// SPDX-License-Identifier: GPL-2.0-only
#include "system_verdict.h"

#include "fsutil.h"
#include "text_list.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void system_admin_refusals(const struct system_boot_result *r,
			   void (*fn)(const struct system_refusal *ref, const char *where,
				      void *arg),
			   void *arg)
{
	for (size_t i = 0; i < r->n_boot_refused; i++)
		fn(&r->boot_refused[i], "boot", arg);
	for (size_t c = 0; c < r->n_cases; c++)
		if (r->cases[c].kind == SYSCASE_SYSTEM)
			for (size_t i = 0; i < r->cases[c].n_refused; i++)
				fn(&r->cases[c].refused[i], r->cases[c].name, arg);
}

struct names {
	char **list;
	size_t n;
};

static void add_module(const struct system_refusal *ref, const char *where, void *arg)
{
	struct names *m = arg;
	(void)where;
	if (!*ref->module)
		return;
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->list[i], ref->module))
			return;
	fs_list_add(&m->list, &m->n, strdup(ref->module));
}

char *system_fixes_of(const struct system_boot_result *r)
{
	struct names m = { 0 };
	system_admin_refusals(r, add_module, &m);
	fs_sort_list(m.list, m.n);
	char *out = strdup("");
	for (size_t i = 0; i < m.n; i++) {
		char *more = xasprintf("%s%s\n", out, m.list[i]);
		free(out);
		out = more;
	}
	fs_free_list(m.list);
	return out;
}

static void problem(char **list, const char *fmt, const char *a, const char *b)
{
	char *line = xasprintf(fmt, a, b);
	char *more = xasprintf("%s%s\n", *list, line);
	free(line);
	free(*list);
	*list = more;
}

/* A problem for every case of KIND in R that is not ok. */
static void expect_cases(const struct system_boot_result *r, enum system_case_kind kind,
			 const char *label, char **list)
{
	for (size_t i = 0; i < r->n_cases; i++) {
		const struct system_case *c = &r->cases[i];
		if (c->kind != kind || c->ok)
			continue;
		if (system_case_not_tried(c))
			problem(list, "%s: %s: not tried: its action failed before it could open "
				      "anything (the boot's log says why)",
				label, c->name);
		else
			problem(list, kind == SYSCASE_DOOR ? "%s: %s: the door is open (the kernel "
							     "asked for a module, or the injection "
							     "worked)"
							   : "%s: %s failed",
				label, c->name);
	}
}

char *system_verdict(const struct system_run *r)
{
	char *list = strdup("");
	for (int k = 0; k < SYSCFG_COUNT; k++) {
		const struct system_boot *b = &r->boots[k];
		const char *label = system_config_label((enum system_config)k);
		if (!b->finished)
			problem(&list, "%s: the boot did not finish: %s", label,
				b->problem ? b->problem : "?");
		if (!b->parsed) {
			problem(&list, "%s: %s", label, "no results on the results disk");
			continue;
		}
		const struct system_boot_result *res = &b->result;
		if ((int)res->n_cases != res->planned)
			problem(&list, "%s: %s", label, "not every planned case reported");
		if (k == SYSCFG_VANILLA || k == SYSCFG_PATCHED_0 || k == SYSCFG_PATCHED_FIXED)
			expect_cases(res, SYSCASE_SYSTEM, label, &list);
		if (k == SYSCFG_PATCHED_1 || k == SYSCFG_PATCHED_FIXED) {
			expect_cases(res, SYSCASE_DOOR, label, &list);
			if (res->level != 1)
				problem(&list, "%s: %s", label,
					"kernel.modules_restrict is not 1 at boot: the package's "
					"default did not hold");
		}
		if (k == SYSCFG_PATCHED_FIXED)
			expect_cases(res, SYSCASE_LEVEL2, label, &list);
	}
	/* at 1, a failed workload must be one the fixes make work, after a refusal */
	const struct system_boot *p1 = &r->boots[SYSCFG_PATCHED_1];
	const struct system_boot *pf = &r->boots[SYSCFG_PATCHED_FIXED];
	if (p1->parsed && pf->parsed)
		for (size_t i = 0; i < p1->result.n_cases; i++) {
			const struct system_case *c = &p1->result.cases[i];
			const struct system_case *fixed = system_result_case(&pf->result, c->name);
			if (c->kind != SYSCASE_SYSTEM || c->ok)
				continue;
			if (!r->fixes || !*r->fixes)
				problem(&list, "%s: %s failed and no refused autoload names a module "
					       "to load instead",
					system_config_label(SYSCFG_PATCHED_1), c->name);
			else if (!fixed || !fixed->ok)
				problem(&list, "%s: %s failed, and still fails with the fixes",
					system_config_label(SYSCFG_PATCHED_1), c->name);
		}
	/* the doors must be open on vanilla somewhere, or closing them proves nothing */
	const struct system_boot *v = &r->boots[SYSCFG_VANILLA];
	if (v->parsed) {
		int open = 0;
		for (size_t i = 0; i < v->result.n_cases; i++) {
			const struct system_case *c = &v->result.cases[i];
			open += c->kind == SYSCASE_DOOR && !c->ok && !system_case_not_tried(c);
		}
		if (!open)
			problem(&list, "%s: %s", system_config_label(SYSCFG_VANILLA),
				"every door is closed on vanilla: this config gives the doors nothing "
				"to load, so closing them proves nothing");
	}
	return list;
}
