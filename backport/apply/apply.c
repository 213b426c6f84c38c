// SPDX-License-Identifier: GPL-2.0-only
#include "apply.h"

#include "apply_path_write.h"
#include "apply_record.h"
#include "apply_series.h"
#include "apply_stamp.h"
#include "apply_verify.h"
#include "diff_tidy.h"
#include "dir_swap.h"
#include "doc_param.h"
#include "doc_sysctl.h"
#include "kconfig_entry.h"
#include "exitcodes.h"
#include "feature_compile.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "series_origin.h"
#include "lock.h"
#include "msg.h"
#include "rule_pieces.h"
#include "spatch_run.h"
#include "worktree.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The sysctl documentation file of a tree and its format, or NULL. */
static const char *doc_file(const char *tree, enum doc_format *format)
{
	static const char *const rst = "Documentation/admin-guide/sysctl/kernel.rst";
	static const char *const txt = "Documentation/sysctl/kernel.txt";
	char *p = fs_join(tree, rst);
	bool has_rst = fs_exists(p);
	free(p);
	if (has_rst) {
		*format = DOC_FORMAT_RST;
		return rst;
	}
	p = fs_join(tree, txt);
	bool has_txt = fs_exists(p);
	free(p);
	*format = DOC_FORMAT_TXT;
	return has_txt ? txt : NULL;
}

/* Adds the documentation of sysctl D to FILE (of FORMAT) in WORK when the C change C_DIFF
 * added the sysctl and FILE lacks it: 0, or -1 on failure. */
static int document_sysctl(const struct sysctl_doc *d, const char *work, const char *file,
			   enum doc_format format, const char *c_diff)
{
	char *marker = xasprintf("\"%s\"", d->name);
	bool adds_sysctl = strstr(c_diff, marker) != NULL;
	free(marker);
	if (!adds_sysctl)
		return 0;
	char *path = fs_join(work, file);
	char *old_text = fs_read_file(path, NULL);
	free(path);
	if (!old_text)
		return -1;
	int rc = 0;
	if (!doc_sysctl_has(old_text, format, d->name)) {
		char *new_text = doc_sysctl_insert(old_text, format, d->name, d->body);
		rc = new_text && worktree_replace(work, file, new_text) == 0 ? 0 : -1;
		free(new_text);
	}
	free(old_text);
	return rc;
}

/* The kernel-parameters list of a tree, or NULL. */
static const char *param_file(const char *tree)
{
	static const char *const files[] = { "Documentation/admin-guide/kernel-parameters.txt",
					      "Documentation/kernel-parameters.txt", NULL };
	for (const char *const *f = files; *f; f++) {
		char *p = fs_join(tree, *f);
		bool there = fs_exists(p);
		free(p);
		if (there)
			return *f;
	}
	return NULL;
}

/* Adds the feature's command-line parameter to WORK's kernel-parameters list when its C change
 * added the parameter (__setup("NAME", ...)). Returns the diff ("" when nothing to add) or
 * NULL on failure. */
static char *document_param(const struct feature *f, const char *work, const char *c_diff)
{
	char *marker = xasprintf("__setup(\"%s\"", f->param);
	bool adds_param = strstr(c_diff, marker) != NULL;
	free(marker);
	const char *file = param_file(work);
	if (!adds_param || !file)
		return strdup("");
	char *path = fs_join(work, file);
	char *old_text = fs_read_file(path, NULL);
	free(path);
	if (!old_text)
		return NULL;
	char *diff = NULL;
	if (doc_param_has(old_text, f->param)) {
		diff = strdup("");
	} else {
		char *new_text = doc_param_insert(old_text, f->param, f->param_doc);
		if (!new_text) {
			msg_info("%-18s   no place for %s in %s: not documented there", f->name,
				 f->param, file);
			diff = strdup("");
		} else if (worktree_replace(work, file, new_text) == 0) {
			diff = worktree_text_diff(file, old_text, new_text);
		}
		free(new_text);
	}
	free(old_text);
	return diff;
}

/* The documentation of every sysctl of F that its change C_DIFF added, one diff of the
 * documentation file (its sysctls one after the other in WORK): "" when none, NULL on
 * failure. */
static char *document_sysctls(const struct feature *f, const char *work, const char *c_diff)
{
	enum doc_format format;
	const char *file = doc_file(work, &format);
	if (!file)
		return strdup("");
	char *path = fs_join(work, file);
	char *before = fs_read_file(path, NULL);
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < FEATURE_SYSCTLS_MAX && f->sysctls[i].name; i++)
		rc = document_sysctl(&f->sysctls[i], work, file, format, c_diff);
	char *after = rc == 0 && before ? fs_read_file(path, NULL) : NULL;
	char *diff = rc != 0 ? NULL
		     : before && after && strcmp(before, after) != 0
			     ? worktree_text_diff(file, before, after)
			     : strdup("");
	free(after);
	free(before);
	free(path);
	return diff;
}

/* F's Kconfig entry into FILE of WORK, before ANCHOR's "config" (AFTER: after it), when FILE
 * declares ANCHOR: then true, *DIFF the diff ("" when FILE declares the symbol already; NULL on
 * failure). False when FILE is missing or does not declare ANCHOR. */
static bool kconfig_add_in(const struct feature *f, const char *work, const char *file,
			   const char *anchor, bool after, char **diff)
{
	char *path = fs_join(work, file);
	char *old_text = fs_exists(path) ? fs_read_file(path, NULL) : NULL;
	free(path);
	if (!old_text || !kconfig_declares(old_text, anchor)) {
		free(old_text);
		return false;
	}
	*diff = NULL;
	if (kconfig_declares(old_text, f->kconfig_symbol)) {
		*diff = strdup("");
	} else {
		char *new_text = after ? kconfig_insert_after(old_text, anchor, f->kconfig_entry)
				       : kconfig_insert_before(old_text, anchor, f->kconfig_entry);
		if (new_text && worktree_replace(work, file, new_text) == 0)
			*diff = worktree_text_diff(file, old_text, new_text);
		free(new_text);
	}
	free(old_text);
	return true;
}

/* Adds the feature's Kconfig option to WORK when its C change reads it and the tree does not
 * declare it. Returns the diff ("" when nothing to add) or NULL on failure. */
static char *add_kconfig(const struct feature *f, const char *work, const char *c_diff)
{
	char *marker = xasprintf("CONFIG_%s", f->kconfig_symbol);
	bool reads_it = strstr(c_diff, marker) != NULL;
	free(marker);
	if (!reads_it)
		return strdup("");
	char *diff;
	for (const char *const *file = f->kconfig_files; *file; file++)
		if (kconfig_add_in(f, work, *file, f->kconfig_anchor, false, &diff))
			return diff;
	/* No file declares the anchor: right after its neighbour, where a file declares that */
	for (const char *const *file = f->kconfig_files; f->kconfig_after && *file; file++)
		if (kconfig_add_in(f, work, *file, f->kconfig_after, true, &diff))
			return diff;
	/* Neither: the C change's #ifdef falls back to 0. */
	msg_info("%-18s   no Kconfig file declares %s: CONFIG_%s not added", f->name,
		 f->kconfig_anchor, f->kconfig_symbol);
	return strdup("");
}

static int count_files(const char *diff)
{
	char **files = worktree_diff_files(diff);
	int n = 0;
	for (char **f = files; *f; f++, n++)
		free(*f);
	free(files);
	return n;
}

/* The pieces of rule COCCI (rule_pieces.h) that neither C_DIFF adds nor WORK (the tree it is
 * about to change) has: "" when the feature is whole or the rule names none (malloc'd); NULL
 * when the rule's Piece lines are broken (said). */
static char *missing_pieces(const char *cocci, const char *c_diff, const char *work)
{
	char err[512];
	struct rule_pieces *p = rule_pieces_load(cocci, err, sizeof(err));
	if (!p && *err) {
		msg_error("%s: %s", cocci, err);
		return NULL;
	}
	char *missing = rule_pieces_missing_in_tree(p, c_diff, work);
	rule_pieces_free(p);
	return missing;
}

/* What feature F's change C_DIFF (of rule COCCI, over WORK) would leave out: "" when the
 * feature is whole, "no X, no Y" when not (malloc'd); NULL when that cannot be told (said). */
static char *feature_missing(const struct feature *f, const char *cocci, const char *c_diff,
			     const char *work, const char *log, struct spatch_timeouts *timed_out)
{
	char *missing = missing_pieces(cocci, c_diff, work);
	if (!missing || *missing || !rule_says_incomplete(cocci))
		return missing;
	/* what no Piece line can tell (one of two checks added, an extern missing in one file
	 * of several): the rule's own report, on the tree before its change */
	free(missing);
	char *report = spatch_report_incomplete(cocci, work, log, timed_out);
	missing = report ? rule_report_incomplete(report) : NULL;
	free(report);
	if (!missing)
		msg_error("%s: spatch -D report failed on %s (log: %s)", f->name, work, log);
	return missing;
}

/* One feature over WORK: its diff is applied to WORK at once, so the next rule sees it. A
 * diff that misses a piece of the feature is not applied (OUTCOME_INCOMPLETE). */
static void apply_feature(const struct hb_ctx *ctx, const struct feature *f, const char *work,
			  const char *log, const char *verify_dir, struct feature_result *r)
{
	double t0 = msg_now();
	char *cocci = xasprintf("%s/cocci/%s.cocci", ctx->repo, f->name);
	memset(r, 0, sizeof(*r));
	r->outcome = OUTCOME_FAILED;
	if (!fs_exists(cocci)) {
		msg_error("%s: the semantic patch %s is missing", f->name, cocci);
		goto out;
	}
	/* the patch run chooses the files; the report runs on the same tree reuse them */
	spatch_pin_selection(cocci, work);
	char *c_diff = spatch_diff_noting(cocci, work, ctx_make_jobs(ctx), log, &r->timed_out);
	if (!c_diff) {
		msg_error("%s: spatch failed on %s (log: %s)", f->name, work, log);
		goto out;
	}
	if (*c_diff && f->drop_blank_before_brace) {
		char *tidy = diff_drop_blank_before_brace(c_diff);
		free(c_diff);
		c_diff = tidy;
	}
	if (*c_diff && f->compiler_decides) {
		struct verify_counts vc;
		char *kept = apply_verify(ctx, work, c_diff, verify_dir, &vc);
		free(c_diff);
		if (!kept)
			goto out;
		c_diff = kept;
		r->verified = true;
		r->compiled = vc.compiled;
		r->dropped = vc.dropped;
		r->unverified = vc.unverified;
		r->allmod_prepared = vc.prepared;
	}
	if (*c_diff && (!(r->missing = feature_missing(f, cocci, c_diff, work, log,
							       &r->timed_out)) ||
			*r->missing)) {
		/* never half: the tree does not take it, no patch is written for it */
		if (r->missing)
			r->outcome = OUTCOME_INCOMPLETE;
		free(c_diff);
		goto out;
	}
	if (*c_diff)
		spatch_unpin_selection(); /* the tree changes */
	char *patch_file = xasprintf("%s.%s.diff", log, f->name);
	if (*c_diff && (fs_write_file_atomic(patch_file, c_diff, strlen(c_diff)) != 0 ||
			worktree_patch(work, patch_file, log) != 0)) {
		msg_error("%s: its diff does not apply to %s (diff: %s, log: %s)", f->name, work,
			  patch_file, log);
		free(patch_file);
		free(c_diff);
		goto out;
	}
	free(patch_file);
	char *doc_diff = document_sysctls(f, work, c_diff);
	if (!doc_diff) {
		msg_error("%s: cannot add its documentation in %s", f->name, work);
		free(c_diff);
		goto out;
	}
	char *kconfig_diff = f->kconfig_symbol ? add_kconfig(f, work, c_diff) : strdup("");
	if (!kconfig_diff) {
		msg_error("%s: cannot add its Kconfig option in %s", f->name, work);
		free(c_diff);
		free(doc_diff);
		goto out;
	}
	char *param_diff = f->param ? document_param(f, work, c_diff) : strdup("");
	if (!param_diff) {
		msg_error("%s: cannot add its command-line parameter's entry in %s", f->name, work);
		free(c_diff);
		free(doc_diff);
		free(kconfig_diff);
		goto out;
	}
	r->diff = xasprintf("%s%s%s%s", c_diff, doc_diff, param_diff, kconfig_diff);
	free(c_diff);
	free(doc_diff);
	free(param_diff);
	free(kconfig_diff);
	r->files = count_files(r->diff);
	if (*r->diff) {
		r->outcome = OUTCOME_CHANGED;
	} else {
		/* Nothing to change: ask the rule's report mode whether the feature is there. */
		r->report = spatch_report_noting(cocci, work, log, &r->timed_out);
		if (!r->report)
			msg_error("%s: spatch -D report failed on %s (log: %s)", f->name, work, log);
		else if ((r->missing = rule_report_incomplete(r->report)) && *r->missing)
			/* it found the code its feature hangs on, in a form it cannot change
			 * (an unknown mode, a pointer() of another era): refused, not "not
			 * applicable" */
			r->outcome = OUTCOME_INCOMPLETE;
		else
			r->outcome = strstr(r->report, "present already") ||
						     (f->nothing_left_is_present && !strstr(r->report, "would "))
					     ? OUTCOME_PRESENT
					     : OUTCOME_NOT_APPLICABLE;
	}
out:
	spatch_unpin_selection();
	r->seconds = msg_now() - t0;
	free(cocci);
}

static void print_result(const struct feature *f, const struct feature_result *r)
{
	char what[64];
	if (r->outcome == OUTCOME_CHANGED)
		snprintf(what, sizeof(what), "changed %d file%s", r->files, r->files == 1 ? "" : "s");
	else
		snprintf(what, sizeof(what), "%s", feature_outcome_text(r->outcome));
	msg_info("%-18s %-22s %5.1f s", f->name, what, r->seconds);
	char *not_examined = spatch_timeouts_text(&r->timed_out);
	if (not_examined)
		msg_warn("%s: %s", f->name, not_examined);
	free(not_examined);
	if (r->outcome == OUTCOME_INCOMPLETE)
		msg_error("%s: incomplete, refused: %s (backport apply --report --features %s says "
			  "where it looked)", f->name, r->missing, f->name);
	if (r->verified) {
		char *manifest = f->manifest_of ? f->manifest_of(r->diff ? r->diff : "") : strdup("");
		int tables = 0;
		for (const char *l = manifest; (l = strchr(l, '\n')); l++)
			tables++;
		free(manifest);
		msg_info("%-18s   %d table%s made const; compiled %d file%s, left out %d that "
			 "fail%s with the change, %d not built here", "", tables,
			 tables == 1 ? "" : "s", r->compiled, r->compiled == 1 ? "" : "s", r->dropped,
			 r->dropped == 1 ? "s" : "", r->unverified);
	}
	if (r->outcome == OUTCOME_PRESENT && f->nothing_left_is_present && r->report &&
	    !strstr(r->report, "present already")) {
		int kept = 0;
		for (const char *l = r->report; (l = strstr(l, "not changed")); l++)
			kept++;
		msg_info("%-18s   nothing left to change (%d candidate%s kept as %s: see apply "
			 "--report)", "", kept, kept == 1 ? "" : "s", kept == 1 ? "it is" : "they are");
	} else if ((r->outcome == OUTCOME_PRESENT || r->outcome == OUTCOME_NOT_APPLICABLE) &&
		   r->report) {
		/* the rule's word for it: "present already", or why it does not apply */
		const char *line = strstr(r->report, r->outcome == OUTCOME_PRESENT
							     ? "present already"
							     : "not applicable");
		while (line && line > r->report && line[-1] != '\n')
			line--;
		if (line)
			msg_info("%-18s   %.*s", "", (int)strcspn(line, "\n"), line);
	}
}

static void free_results(struct feature_result *results)
{
	for (size_t i = 0; i < features_count; i++) {
		free(results[i].diff);
		free(results[i].report);
		free(results[i].missing);
		free(results[i].compile_error);
		spatch_timeouts_free(&results[i].timed_out);
	}
}

/* After the series line: each feature whose rule could not examine every file. */
static void print_not_examined(const struct feature_result *results, unsigned mask)
{
	for (size_t i = 0; i < features_count; i++) {
		char *text = mask & (1u << i) ? spatch_timeouts_text(&results[i].timed_out) : NULL;
		if (text)
			msg_warn("%s: %s (%s=SECONDS to wait longer)", features[i].name, text,
				 SPATCH_TIMEOUT_ENV);
		free(text);
	}
}

/* The semantic patches of the features in MASK (a malloc'd NULL-terminated list). */
static char **rule_files(const struct hb_ctx *ctx, unsigned mask)
{
	char **coccis = calloc(features_count + 1, sizeof(char *));
	size_t n = 0;
	for (size_t i = 0; i < features_count; i++)
		if (mask & (1u << i))
			coccis[n++] = xasprintf("%s/cocci/%s.cocci", ctx->repo, features[i].name);
	return coccis;
}

/* The files the rules of MASK may look at in TREE, found in one read of it (spatch_run.h). */
static void select_ahead(const struct hb_ctx *ctx, unsigned mask, const char *tree)
{
	double t0 = msg_now();
	char **coccis = rule_files(ctx, mask);
	spatch_select_ahead(coccis, tree);
	size_t n = fs_list_len(coccis);
	fs_free_list(coccis);
	char what[40];
	snprintf(what, sizeof(what), "read once, %zu rule%s", n, n == 1 ? "" : "s");
	msg_info("%-18s %-22s %5.1f s", "prefilters", what, msg_now() - t0);
}

/* Runs every selected rule over a fresh work copy of SOURCE. On success WORK holds the
 * patched tree and results are filled; on failure WORK is removed. */
static int run_rules(const struct hb_ctx *ctx, const char *source, const char *work,
		     const char *log, const char *verify_dir, unsigned mask,
		     struct feature_result *results)
{
	msg_info("work tree %s (log %s)", work, log);
	if (worktree_clone(source, work, log) != 0) {
		msg_error("cannot copy %s to %s (log: %s)", source, work, log);
		return HB_EXIT_ENV;
	}
	int rc = HB_EXIT_OK;
	select_ahead(ctx, mask, work);
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)))
			continue;
		apply_feature(ctx, &features[i], work, log, verify_dir, &results[i]);
		print_result(&features[i], &results[i]);
		if (results[i].outcome == OUTCOME_FAILED) {
			spatch_forget_ahead();
			fs_remove_tree(work);
			return HB_EXIT_ENV;
		}
		/* the next rules still run, so that one apply names every problem */
		if (results[i].outcome == OUTCOME_INCOMPLETE)
			rc = HB_EXIT_FAILED;
	}
	spatch_forget_ahead();
	if (rc != HB_EXIT_OK) {
		msg_error("apply refused: a feature would be half-applied; nothing was written");
		fs_remove_tree(work);
		return rc;
	}
	/* every rule, not only the one whose compiler decides: no patch that does not compile */
	rc = feature_compile_check(ctx, source, work, verify_dir, mask, results);
	if (rc != HB_EXIT_OK) {
		msg_error("apply refused: a feature's change does not compile; nothing was written");
		fs_remove_tree(work);
	}
	return rc;
}

static int report_only(const struct hb_ctx *ctx, const char *tree, const char *log, unsigned mask)
{
	int rc = HB_EXIT_OK;
	select_ahead(ctx, mask, tree);
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)))
			continue;
		double t0 = msg_now();
		char *cocci = xasprintf("%s/cocci/%s.cocci", ctx->repo, features[i].name);
		struct spatch_timeouts timed_out = { 0 };
		char *report = spatch_report_noting(cocci, tree, log, &timed_out);
		free(cocci);
		bool nothing_left = features[i].nothing_left_is_present && report &&
				    !strstr(report, "would ");
		/* as apply decides: a change to make is a change, whatever is there already */
		const char *verdict = !report ? "FAILED"
				      : strstr(report, "incomplete:") ? "INCOMPLETE"
				      : strstr(report, "would ") ? "would change"
				      : strstr(report, "present already") || nothing_left
					      ? "present already"
				      : strstr(report, "not applicable") || !*report
					      ? "not applicable"
					      : "would change";
		msg_info("%-18s %-22s %5.1f s", features[i].name, verdict, msg_now() - t0);
		char *not_examined = spatch_timeouts_text(&timed_out);
		if (not_examined)
			msg_warn("%s: %s", features[i].name, not_examined);
		free(not_examined);
		spatch_timeouts_free(&timed_out);
		if (!report) {
			msg_error("%s: spatch -D report failed (log: %s)", features[i].name, log);
			rc = HB_EXIT_ENV;
			continue;
		}
		if (strstr(report, "incomplete:") && rc == HB_EXIT_OK)
			rc = HB_EXIT_FAILED; /* it would be half-applied: apply refuses it */
		for (char *save = NULL, *l = strtok_r(report, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save))
			printf("      %s\n", l);
		free(report);
	}
	spatch_forget_ahead();
	return rc;
}

char *apply_log_path(const struct hb_ctx *ctx, const char *name)
{
	return xasprintf("%s/work/%s/apply.log", ctx->cache, name);
}

static int prepare_log(const struct hb_ctx *ctx, const char *id, char **log, char **dir)
{
	*dir = xasprintf("%s/work/%s", ctx->cache, id);
	*log = apply_log_path(ctx, id);
	if (fs_mkdir_p(*dir, 0755) != 0 || fs_write_file_atomic(*log, "", 0) != 0) {
		msg_error("cannot create %s", *dir);
		return HB_EXIT_ENV;
	}
	return HB_EXIT_OK;
}

char *apply_series_dir(const struct hb_ctx *ctx, const struct kernel_entry *e)
{
	return xasprintf("%s/work/%s/patches", ctx->cache, e->name);
}

int apply_kernel(struct hb_ctx *ctx, const struct kernel_entry *e,
		 const struct fetch_record *fetched, unsigned mask, struct apply_record *out)
{
	const struct fetch_record rec = *fetched;
	int rc;
	char *log, *dir;
	if (out)
		memset(out, 0, sizeof(*out));
	if ((rc = prepare_log(ctx, e->name, &log, &dir)))
		return rc;
	int lock = lock_acquire(ctx->cache, e->name);
	char *work = fs_join(dir, "patched.tmp");
	char *final = fs_join(dir, "patched");
	char *series_dir = apply_series_dir(ctx, e);
	struct feature_result results[FEATURES_MAX];
	memset(results, 0, sizeof(results));
	char *stamp = fs_join(dir, "stamp");
	unlink(stamp); /* the patched tree is about to change */
	for (const char *const *old = (const char *const[]){ "outcomes", "constified", NULL }; *old;
	     old++) {
		char *path = fs_join(dir, *old); /* what older drivers handed on, now apply.json */
		unlink(path);
		free(path);
	}
	free(stamp);
	msg_stage("apply %s: %s %s", e->name,
		  e->source == KERNEL_SOURCE_DEBIAN ? (rec.package[0] ? rec.package : e->package)
						    : e->path,
		  rec.version);
	char *verify_dir = xasprintf("%s/build/%s/allmod", ctx->cache, e->name);
	rc = run_rules(ctx, rec.tree, work, log, verify_dir, mask, results);
	free(verify_dir);
	if (rc == HB_EXIT_OK) {
		char *desc = e->source == KERNEL_SOURCE_DEBIAN
				     ? xasprintf("Debian's %s %s",
						 rec.package[0] ? rec.package : e->package,
						 rec.version)
				     : xasprintf("Linux %s", rec.version);
		struct series_opts so;
		series_opts_init(&so, ctx, rec.tree);
		int n = series_write(series_dir, results, mask, desc, &so);
		series_opts_free(&so);
		free(desc);
		/* beside the series: what it was made from (read by the patch tests) */
		if (n >= 0 && series_origin_write(series_dir, e, &rec) != 0)
			n = -1;
		if (n < 0 || dir_replace(final, work) != 0) {
			msg_error("cannot write %s or %s", series_dir, final);
			rc = HB_EXIT_ENV;
		} else {
			char *record = apply_record_path(ctx, e->name);
			if (apply_record_write(record, rec.version, results, mask) != 0)
				msg_warn("cannot write %s", record);
			free(record);
			apply_stamp_write(ctx, dir, rec.tree, mask);
			if (out)
				apply_record_of(rec.version, results, mask, out);
			msg_info("series: %s/series (%d patch%s)", series_dir, n, n == 1 ? "" : "es");
			msg_info("patched tree: %s", final);
		}
	}
	print_not_examined(results, mask);
	free_results(results);
	lock_release(lock);
	free(series_dir);
	free(final);
	free(work);
	free(log);
	free(dir);
	return rc;
}

/* A user's tree given by path: patched in place, all or nothing. */
int apply_path(struct hb_ctx *ctx, const char *path, unsigned mask)
{
	char err[4200], real[PATH_MAX];
	if (!fs_is_kernel_tree(path, err, sizeof(err)) || !realpath(path, real)) {
		msg_error("refusing to apply: %s", err);
		return HB_EXIT_USAGE;
	}
	char *id = apply_path_id(real);
	char *log, *dir;
	int rc = prepare_log(ctx, id, &log, &dir);
	int lock = rc ? -1 : lock_acquire(ctx->cache, id);
	free(id);
	if (!rc && (rc = apply_refuse_interrupted(ctx, real))) {
		free(log);
		free(dir);
	}
	if (rc) {
		lock_release(lock);
		return rc;
	}
	char *work = fs_join(dir, "work");
	char *series_dir = fs_join(dir, "patches");
	struct feature_result results[FEATURES_MAX];
	memset(results, 0, sizeof(results));
	char version[64];
	fs_kernel_version(real, version, sizeof(version));
	msg_stage("apply %s (Linux %s)", real, version);
	char *verify_dir = fs_join(dir, "allmod");
	rc = run_rules(ctx, real, work, log, verify_dir, mask, results);
	free(verify_dir);
	if (rc == HB_EXIT_OK) {
		size_t total = 0;
		for (size_t i = 0; i < features_count; i++)
			total += results[i].diff ? strlen(results[i].diff) : 0;
		char *all = calloc(1, total + 1);
		for (size_t i = 0; i < features_count; i++)
			if (results[i].diff)
				strcat(all, results[i].diff);
		char **files = worktree_diff_files(all);
		char *desc = xasprintf("Linux %s", version);
		struct series_opts so;
		series_opts_init(&so, ctx, real);
		int n = series_write(series_dir, results, mask, desc, &so);
		series_opts_free(&so);
		free(desc);
		char *scratch = fs_join(dir, "read");
		if (!files[0]) {
			msg_info("nothing to change in %s", real);
		} else if (n < 0) {
			msg_error("cannot write the series into %s: nothing was written into %s",
				  series_dir, real);
			rc = HB_EXIT_ENV;
		} else if ((rc = apply_path_write(ctx, work, real, files, results, mask, scratch,
						  log)) == HB_EXIT_OK) {
			int count = 0;
			for (char **f = files; *f; f++)
				count++;
			msg_info("changed %d file%s in %s; series: %s/series", count,
				 count == 1 ? "" : "s", real, series_dir);
		}
		for (char **f = files; *f; f++)
			free(*f);
		free(files);
		free(all);
		free(scratch);
	}
	fs_remove_tree(work);
	lock_release(lock);
	print_not_examined(results, mask);
	free_results(results);
	free(series_dir);
	free(work);
	free(log);
	free(dir);
	return rc;
}

int apply_report(struct hb_ctx *ctx, const struct kernel_entry *e,
		 const struct fetch_record *fetched, const char *target, unsigned mask)
{
	int rc;
	char err[512];
	char *log, *dir;
	const char *tree = target;
	if (e) {
		tree = fetched->tree;
	} else if (!fs_is_kernel_tree(target, err, sizeof(err))) {
		msg_error("refusing to report: %s", err);
		return HB_EXIT_USAGE;
	} else {
		char real[PATH_MAX];
		if (realpath(target, real) && (rc = apply_refuse_interrupted(ctx, real)))
			return rc;
	}
	if ((rc = prepare_log(ctx, e ? e->name : "report", &log, &dir)))
		return rc;
	msg_stage("report %s (%s)", target, tree);
	/* a path spatch would misread is read from a linked copy of a plain name in the cache */
	char *copy = NULL, real[PATH_MAX];
	if (!e && realpath(target, real) && !spatch_path_safe(real)) {
		copy = fs_join(dir, "tree");
		msg_info("%s holds '%c', which spatch misreads: reading a copy, %s", real,
			 spatch_path_unsafe_char(real), copy);
		if (worktree_clone(real, copy, log) != 0) {
			msg_error("cannot copy %s to %s (log: %s)", real, copy, log);
			free(copy);
			free(log);
			free(dir);
			return HB_EXIT_ENV;
		}
		tree = copy;
	}
	rc = report_only(ctx, tree, log, mask);
	if (copy)
		fs_remove_tree(copy);
	free(copy);
	free(log);
	free(dir);
	return rc;
}
