// SPDX-License-Identifier: GPL-2.0-only
#include "hardening_check_diff.h"

#include "feature_table.h"
#include "fsutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct hc_check *same_in(const struct hc_checks *c, const struct hc_check *x)
{
	for (size_t i = 0; i < c->n; i++)
		if (hc_check_same(&c->v[i], x))
			return &c->v[i];
	return NULL;
}

static void add_change(struct hc_diff *d, const struct hc_check *v, const struct hc_check *p)
{
	d->changed = xrealloc(d->changed, (d->n_changed + 1) * sizeof(*d->changed));
	d->changed[d->n_changed++] = (struct hc_change){ v, p };
	if (!v || !p || v->ok != p->ok)
		d->n_changed_verdict++;
}

static void changes(const struct hc_checks *v, const struct hc_checks *p, struct hc_diff *d)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct hc_check *was = same_in(v, &p->v[i]);
		if (!was || was->ok != p->v[i].ok || strcmp(was->result, p->v[i].result))
			add_change(d, was, &p->v[i]);
	}
	for (size_t i = 0; i < v->n; i++)
		if (!same_in(p, &v->v[i]))
			add_change(d, &v->v[i], NULL);
}

static void ours(const struct run_result *r, struct hc_diff *d)
{
	const struct hc_checks *p = &r->flavour[FLAVOUR_PATCHED].checker.boot;
	for (size_t k = 0; k < r->n_features; k++) {
		const struct feature *f = r->features[k].name ? feature_find(r->features[k].name)
							      : NULL;
		if (!f)
			continue;
		if (f->checker_lacks) {
			d->lacks = xrealloc(d->lacks, (d->n_lacks + 1) * sizeof(*d->lacks));
			d->lacks_feature = xrealloc(d->lacks_feature,
						    (d->n_lacks + 1) * sizeof(*d->lacks_feature));
			d->lacks[d->n_lacks] = f->checker_lacks;
			d->lacks_feature[d->n_lacks++] = f->name;
		}
		for (const struct feature_check *c = f->checker; c && c->name; c++) {
			const struct hc_check *got = hc_checks_find(p, c->name, NULL);
			if (got && got->ok)
				continue;
			d->failing = xrealloc(d->failing, (d->n_failing + 1) * sizeof(*d->failing));
			d->failing[d->n_failing++] = (struct hc_ours){ f->name, c->name, got,
								       c->why_fail };
		}
	}
}

void hc_diff_of(const struct run_result *r, struct hc_diff *out)
{
	memset(out, 0, sizeof(*out));
	for (int f = 0; f < FLAVOURS; f++)
		out->ran[f] = r->flavour[f].checker.ran;
	if (out->ran[FLAVOUR_VANILLA] && out->ran[FLAVOUR_PATCHED])
		changes(&r->flavour[FLAVOUR_VANILLA].checker.boot,
			&r->flavour[FLAVOUR_PATCHED].checker.boot, out);
	if (out->ran[FLAVOUR_PATCHED])
		ours(r, out);
}

void hc_diff_free(struct hc_diff *d)
{
	free(d->changed);
	free(d->failing);
	free(d->lacks);
	free(d->lacks_feature);
	memset(d, 0, sizeof(*d));
}

void hc_change_text(const struct hc_change *c, char *buf, size_t len)
{
	const struct hc_check *any = c->patched ? c->patched : c->vanilla;
	snprintf(buf, len, "%s (%s): vanilla %s, patched %s", any->name, any->decision,
		 c->vanilla ? c->vanilla->result : "(no such check)",
		 c->patched ? c->patched->result : "(no such check)");
}
