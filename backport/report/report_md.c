// SPDX-License-Identifier: GPL-2.0-only
/* matrix.md: a row per kernel, a column per feature (the regression smoke first), each cell
 * the verdict, a failed one with the log that explains it; then the kernel pointer leaks per
 * flavour and kptr_restrict level (when measured), the autoload surface, the kernel's own
 * tests, kernel-hardening-checker's verdicts, fuzzing; then the stage times; then what failed,
 * stage by stage. GitHub-flavoured Markdown, readable as a CI job summary. */
#include "report.h"

#include "feature_table.h"
#include "kernel_tests_diff.h"

#include <string.h>

/* Text in a table cell: '|' escaped, line ends as spaces, HTML's characters as entities. */
void report_md_cell(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

/* A path as a code span: only '|' needs escaping there (GFM tables split on it first). */
static void cell_path(FILE *f, const char *path)
{
	bool tick = strchr(path, '`') != NULL;
	fputs(tick ? "`` " : "`", f);
	for (const char *s = path; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else
			fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputs(tick ? " ``" : "`", f);
}

/* The descriptor of FEAT when its verdict note applies to a kernel of VERSION, else NULL. */
static const struct feature *noted(const struct run_feature *feat, const char *version)
{
	const struct feature *d = feat && feat->name ? feature_find(feat->name) : NULL;
	return feat && feat->apply == OUTCOME_CHANGED && feature_verdict_note(d, version) ? d
														: NULL;
}

static void verdict_cell(FILE *f, const struct run_feature *feat, const char *version)
{
	if (!feat) {
		fputs("not selected", f);
		return;
	}
	char text[64];
	run_feature_verdict_text(feat, text, sizeof(text));
	report_md_cell(f, text);
	const struct feature *d = noted(feat, version);
	if (d)
		fprintf(f, " (note %d)", feature_note_number(d));
	if (!verdict_ok(feat->verdict) && feat->log) {
		fputs(" (log ", f);
		cell_path(f, feat->log);
		fputs(")", f);
	}
}

static const char *kernel_result(const struct run_result *r)
{
	return r->exit_code == 0 ? "ok" : r->exit_code == 1 ? "FAILED" : "BROKEN";
}

static void verdict_table(FILE *f, const struct run_result *r, size_t n,
			  const struct report_columns *cols)
{
	fputs("| kernel | version |", f);
	for (size_t c = 0; c < cols->count; c++) {
		fputc(' ', f);
		report_md_cell(f, cols->labels[c]);
		fputs(" |", f);
	}
	fputs(" result |\n| --- | --- |", f);
	for (size_t c = 0; c < cols->count; c++)
		fputs(" --- |", f);
	fputs(" --- |\n", f);
	for (size_t k = 0; k < n; k++) {
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" | ", f);
		report_md_cell(f, r[k].version ? r[k].version : "?");
		fputs(" |", f);
		for (size_t c = 0; c < cols->count; c++) {
			fputc(' ', f);
			verdict_cell(f, report_feature(&r[k], cols->labels[c]), r[k].version);
			fputs(" |", f);
		}
		fprintf(f, " %s |\n", kernel_result(&r[k]));
	}
}

/* The verdict notes, each with the kernels whose cell points to it. */
static void verdict_notes(FILE *f, const struct run_result *r, size_t n)
{
	for (size_t i = 0; i < features_count; i++) {
		const struct feature *d = &features[i];
		bool any = false;
		for (size_t k = 0; k < n; k++) {
			if (noted(report_feature(&r[k], d->name), r[k].version) != d)
				continue;
			fputs(any ? ", " : "\n", f);
			if (!any)
				fprintf(f, "Note %d (", feature_note_number(d));
			report_md_cell(f, r[k].kernel);
			any = true;
		}
		if (any) {
			fputs("): ", f);
			report_md_cell(f, d->verdict_note);
			fputc('\n', f);
		}
	}
}

static void stage_table(FILE *f, const struct run_result *r, size_t n)
{
	fputs("| kernel |", f);
	for (int s = 0; s < RUN_STAGES; s++)
		fprintf(f, " %s |", run_stage_name(s));
	fputs(" total |\n| --- |", f);
	for (int s = 0; s < RUN_STAGES; s++)
		fputs(" ---: |", f);
	fputs(" ---: |\n", f);
	for (size_t k = 0; k < n; k++) {
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" |", f);
		for (int s = 0; s < RUN_STAGES; s++) {
			const struct run_stage *st = &r[k].stages[s];
			if (st->status == STAGE_SKIPPED)
				fputs(" skipped |", f);
			else
				fprintf(f, " %s%.1f s |",
					st->status == STAGE_OK ? ""
					: st->status == STAGE_FAILED ? "FAILED " : "BROKEN ",
					st->seconds);
		}
		fprintf(f, " %.1f s |\n", run_result_seconds(&r[k]));
	}
}

/* The kptr_restrict levels any kernel's leak measurement has, as a mask (0: none). */
static unsigned leak_levels(const struct run_result *r, size_t n)
{
	unsigned mask = 0;
	for (size_t k = 0; k < n; k++)
		for (int fl = 0; fl < FLAVOURS; fl++)
			for (size_t i = 0; i < r[k].flavour[fl].boot.leaks.n; i++)
				mask |= 1u << r[k].flavour[fl].boot.leaks.level[i].kptr_restrict;
	return mask;
}

/* A row per kernel, a column per flavour and kptr_restrict level: "N in M files of R". */
static void leak_table(FILE *f, const struct run_result *r, size_t n)
{
	unsigned levels = leak_levels(r, n);
	if (!levels)
		return;
	fputs("\n## Kernel pointer leaks\n\nValues that look like x86-64 kernel addresses in the "
	      "files of /proc and /sys an unprivileged user reads (suite leaks); each cell: \"N in "
	      "M files of R\", N such values found in M files, of the R files read. Measured, "
	      "not judged.\n\n| kernel |", f);
	for (int fl = 0; fl < FLAVOURS; fl++)
		for (int l = 0; l < LEAK_LEVELS_MAX; l++)
			if (levels & (1u << l))
				fprintf(f, " %s kptr_restrict=%d |", flavour_name(fl), l);
	fputs("\n| --- |", f);
	for (int fl = 0; fl < FLAVOURS; fl++)
		for (int l = 0; l < LEAK_LEVELS_MAX; l++)
			if (levels & (1u << l))
				fputs(" ---: |", f);
	fputc('\n', f);
	for (size_t k = 0; k < n; k++) {
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" |", f);
		for (int fl = 0; fl < FLAVOURS; fl++) {
			for (int l = 0; l < LEAK_LEVELS_MAX; l++) {
				if (!(levels & (1u << l)))
					continue;
				char text[128];
				leak_level_text(leak_stats_level(&r[k].flavour[fl].boot.leaks, l), text,
						sizeof(text));
				fprintf(f, " %s |", text);
			}
		}
		fputc('\n', f);
	}
}

/* A row per kernel: the kernel's own tests on each flavour, the regressions, and the tests
 * that fail upstream too. */
static void kernel_tests_table(FILE *f, const struct run_result *r, size_t n)
{
	bool any = false;
	for (size_t k = 0; k < n; k++)
		for (int fl = 0; fl < FLAVOURS; fl++)
			any |= r[k].flavour[fl].boot.ktests.ran;
	if (!any)
		return;
	fputs("\n## The kernel's own tests\n\nKUnit suites, printf and scanf tests and the crypto "
	      "self-tests, run by the guest at kernel.modules_restrict 0 and 1 (suite kernel_tests), "
	      "compared case by case: a test that passes on vanilla and fails on patched is a "
	      "regression.\n\n| kernel | vanilla | patched | regressions | fails upstream too |\n"
	      "| --- | --- | --- | --- | --- |\n", f);
	for (size_t k = 0; k < n; k++) {
		struct kernel_tests_diff d;
		kernel_tests_diff_of(&r[k], &d);
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" |", f);
		for (int fl = 0; fl < FLAVOURS; fl++)
			if (d.ran[fl])
				fprintf(f, " %d passed, %d failed, %d skipped |", d.passed[fl],
					d.failed[fl], d.skipped[fl]);
			else
				fputs(" not run |", f);
		fputs(" ", f);
		report_md_cell(f, d.ran[FLAVOUR_VANILLA] && d.ran[FLAVOUR_PATCHED]
				     ? (d.regressions ? d.regressions : "none")
				     : "not compared");
		fputs(" | ", f);
		report_md_cell(f, d.upstream ? d.upstream : "none");
		fputs(" |\n", f);
		kernel_tests_diff_free(&d);
	}
}

/* A row per kernel, a column per flavour and identity: "N requests, M loaded". */
static void autoload_table(FILE *f, const struct run_result *r, size_t n)
{
	static const char *const who[] = { "unpriv", "userns", "container" };
	enum { WHO = sizeof(who) / sizeof(who[0]) };
	bool any = false;
	for (size_t k = 0; k < n; k++)
		for (int fl = 0; fl < FLAVOURS; fl++)
			any |= r[k].flavour[fl].boot.autoload.n > 0;
	if (!any)
		return;
	fputs("\n## Module autoload surface\n\nModule requests the kernel made, and modules that "
	      "loaded, when an unprivileged user (and \"root\" of a new user namespace, and the "
	      "root of a container: uid 0 without CAP_SYS_MODULE in a mount and network "
	      "namespace of its own) opened sockets of every family, netlink and inet protocol, "
	      "set every line discipline, bound AF_ALG to every algorithm name the built modules "
	      "provide and mounted every filesystem type they provide (suite autoload)", f);
	const struct feature *closes = feature_measured_by("autoload");
	if (closes && closes->measured_note)
		fprintf(f, "; %s", closes->measured_note);
	fputs(".\n\n| kernel |", f);
	for (int fl = 0; fl < FLAVOURS; fl++)
		for (int w = 0; w < WHO; w++)
			fprintf(f, " %s %s |", flavour_name(fl), who[w]);
	fputs("\n| --- |", f);
	for (int c = 0; c < FLAVOURS * WHO; c++)
		fputs(" ---: |", f);
	fputc('\n', f);
	for (size_t k = 0; k < n; k++) {
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" |", f);
		for (int fl = 0; fl < FLAVOURS; fl++)
			for (int w = 0; w < WHO; w++) {
				const struct autoload_who *a =
					autoload_stats_who(&r[k].flavour[fl].boot.autoload, who[w]);
				if (a)
					fprintf(f, " %ld requests, %ld loaded |", a->requests, a->loaded);
				else
					fputs(" not measured |", f);
			}
		fputc('\n', f);
	}
}

/* A row per kernel, a column per flavour: what trinity left behind. */
static void fuzz_table(FILE *f, const struct run_result *r, size_t n)
{
	bool any = false;
	for (size_t k = 0; k < n; k++)
		for (int fl = 0; fl < FLAVOURS; fl++)
			any |= r[k].flavour[fl].fuzz.ran;
	if (!any)
		return;
	fputs("\n## Fuzzing\n\nTrinity as the unprivileged user, then the console read for Oops, "
	      "BUG, WARNING and panic (backport fuzz NAME --seconds N --seed S replays a cell)."
	      "\n\n| kernel |", f);
	for (int fl = 0; fl < FLAVOURS; fl++)
		fprintf(f, " %s |", flavour_name(fl));
	fputs("\n| --- | --- | --- |\n", f);
	for (size_t k = 0; k < n; k++) {
		fputs("| ", f);
		report_md_cell(f, r[k].kernel);
		fputs(" |", f);
		for (int fl = 0; fl < FLAVOURS; fl++) {
			const struct fuzz_result *z = &r[k].flavour[fl].fuzz;
			if (!z->ran) {
				fputs(" not run |", f);
				continue;
			}
			fprintf(f, " %ld s, seed %ld: ", z->seconds, z->seed);
			if (!z->trinity_ran)
				fputs("trinity did not run", f);
			else if (!z->console_clean)
				report_md_cell(f, z->problem ? z->problem : "console not clean");
			else
				fputs(z->powered_off ? "clean, powered off" : "did not power off", f);
			fputs(" |", f);
		}
		fputc('\n', f);
	}
}

static void failures(FILE *f, const struct run_result *r, size_t n)
{
	bool any = false;
	for (size_t k = 0; k < n; k++) {
		for (int s = 0; s < RUN_STAGES; s++) {
			const struct run_stage *st = &r[k].stages[s];
			if (st->status != STAGE_FAILED && st->status != STAGE_BROKEN)
				continue;
			if (!any)
				fputs("\n## What failed\n\n", f);
			any = true;
			fputs("- ", f);
			report_md_cell(f, r[k].kernel);
			fprintf(f, ", %s %s: ", run_stage_name(s),
				st->status == STAGE_FAILED ? "FAILED" : "BROKEN");
			report_md_cell(f, st->detail ? st->detail : "?");
			if (st->log) {
				fputs(" (log ", f);
				cell_path(f, st->log);
				fputs(")", f);
			}
			fputc('\n', f);
		}
	}
}

int report_write_markdown(FILE *f, const struct run_result *r, size_t n)
{
	struct report_columns cols;
	report_columns_of(r, n, &cols);
	size_t ok = 0, failed = 0;
	for (size_t k = 0; k < n; k++) {
		ok += r[k].exit_code == 0;
		failed += r[k].exit_code == 1;
	}
	fputs("# hardening-backport matrix\n\n", f);
	fprintf(f, "%zu kernel%s: %zu ok, %zu failed, %zu broken (exit code %d).\n\n", n,
		n == 1 ? "" : "s", ok, failed, n - ok - failed, report_exit_code(r, n));
	verdict_table(f, r, n, &cols);
	fputs("\n*patched and proven*: its tests fail on vanilla and pass patched; *present "
	      "upstream*: they pass on both and apply had nothing to add; *not applicable*: "
	      "apply found nothing to do and the guest has no test for it.\n", f);
	verdict_notes(f, r, n);
	leak_table(f, r, n);
	autoload_table(f, r, n);
	kernel_tests_table(f, r, n);
	report_md_checker(f, r, n);
	fuzz_table(f, r, n);
	fputs("\n## Stage times\n\n", f);
	stage_table(f, r, n);
	failures(f, r, n);
	report_columns_free(&cols);
	return ferror(f) ? -1 : 0;
}
