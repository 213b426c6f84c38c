// SPDX-License-Identifier: GPL-2.0-only
/* matrix.md's section on kernel-hardening-checker: per kernel, its OK and FAIL counts on each
 * flavour and the checks whose result changed from vanilla to patched; the hardenings' checks
 * that the patched kernel still FAILS, each with why; what the tool does not judge. */
#include "report.h"

#include "hardening_check_diff.h"

#include <string.h>

static const struct hc_flavour *any_judged(const struct run_result *r, size_t n)
{
	for (size_t k = 0; k < n; k++)
		for (int fl = 0; fl < FLAVOURS; fl++)
			if (r[k].flavour[fl].checker.ran)
				return &r[k].flavour[fl].checker;
	return NULL;
}

static void counts_cell(FILE *f, const struct hc_flavour *h)
{
	if (h->ran) {
		fprintf(f, " %zu / %zu |", h->boot.ok, h->boot.fail);
		return;
	}
	fputs(" not judged", f);
	if (h->problem) {
		fputs(": ", f);
		report_md_cell(f, h->problem);
	}
	fputs(" |", f);
}

static void counts_table(FILE *f, const struct run_result *r, size_t n)
{
	fputs("\n| kernel | vanilla OK / FAIL | patched OK / FAIL | changed from vanilla to patched |"
	      "\n| --- | ---: | ---: | --- |\n", f);
	for (size_t k = 0; k < n; k++) {
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" |", f);
		for (int fl = 0; fl < FLAVOURS; fl++)
			counts_cell(f, &r[k].flavour[fl].checker);
		struct hc_diff d;
		hc_diff_of(&r[k], &d);
		fputc(' ', f);
		if (!d.ran[FLAVOUR_VANILLA] || !d.ran[FLAVOUR_PATCHED])
			fputs("not compared", f);
		else if (!d.n_changed)
			fputs("none", f);
		for (size_t i = 0; i < d.n_changed; i++) {
			char text[512];
			hc_change_text(&d.changed[i], text, sizeof(text));
			if (i)
				fputs("; ", f);
			report_md_cell(f, text);
		}
		fputs(" |\n", f);
		hc_diff_free(&d);
	}
}

static void failing_table(FILE *f, const struct run_result *r, size_t n)
{
	bool header = false;
	for (size_t k = 0; k < n; k++) {
		struct hc_diff d;
		hc_diff_of(&r[k], &d);
		for (size_t i = 0; i < d.n_failing; i++) {
			const struct hc_ours *o = &d.failing[i];
			if (!header)
				fputs("\nThe hardenings' checks that FAIL on patched, and why:\n\n"
				      "| kernel | feature | check | patched | why |\n"
				      "| --- | --- | --- | --- | --- |\n", f);
			header = true;
			fputs("| ", f);
			report_md_cell(f, r[k].kernel);
			fprintf(f, " | %s | ", o->feature);
			report_md_cell(f, o->name);
			fputs(" | ", f);
			report_md_cell(f, o->patched ? o->patched->result : "(no such check here)");
			fputs(" | ", f);
			report_md_cell(f, o->why);
			fputs(" |\n", f);
		}
		hc_diff_free(&d);
	}
}

/* What the tool has no check for, once per feature over all kernels. */
static void lacks_list(FILE *f, const struct run_result *r, size_t n)
{
	const char *said[64];
	size_t n_said = 0;
	for (size_t k = 0; k < n; k++) {
		struct hc_diff d;
		hc_diff_of(&r[k], &d);
		for (size_t i = 0; i < d.n_lacks; i++) {
			bool seen = false;
			for (size_t j = 0; j < n_said && !seen; j++)
				seen = said[j] == d.lacks[i];
			if (seen || n_said == sizeof(said) / sizeof(said[0]))
				continue;
			if (!n_said)
				fputs("\nNot judged by the tool:\n\n", f);
			said[n_said++] = d.lacks[i];
			fprintf(f, "- %s: ", d.lacks_feature[i]);
			report_md_cell(f, d.lacks[i]);
			fputc('\n', f);
		}
		hc_diff_free(&d);
	}
}

void report_md_checker(FILE *f, const struct run_result *r, size_t n)
{
	bool tried = false;
	for (size_t k = 0; k < n; k++)
		for (int fl = 0; fl < FLAVOURS; fl++)
			tried |= r[k].flavour[fl].checker.ran || r[k].flavour[fl].checker.problem;
	if (!tried)
		return;
	const struct hc_flavour *any = any_judged(r, n);
	fputs("\n## kernel-hardening-checker\n\nThe verdicts of ", f);
	report_md_cell(f, any && any->source ? any->source : "kernel-hardening-checker");
	fputs(" on each flavour's .config, with the command line and the sysctls the guest "
	      "printed at boot.\n", f);
	counts_table(f, r, n);
	failing_table(f, r, n);
	lacks_list(f, r, n);
}
