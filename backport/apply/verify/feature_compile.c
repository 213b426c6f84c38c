// SPDX-License-Identifier: GPL-2.0-only
#include "feature_compile.h"

#include "allmod_tree.h"
#include "diff_order.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fsutil.h"
#include "msg.h"
#include "worktree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A changed .c file and the features (mask bits, in apply order) that changed it. */
struct changed_file {
	char *path;
	unsigned owners;
	bool code;      /* some change is outside string literals: it must be compiled */
};

/* LINE without the contents of its string and character literals (malloc'd). */
static char *without_literals(const char *line, size_t len)
{
	char *out = malloc(len + 1), *o = out;
	char quote = 0;
	for (size_t i = 0; i < len; i++) {
		char c = line[i];
		if (quote && c == '\\' && i + 1 < len) {
			i++;
		} else if (quote && c == quote) {
			quote = 0;
			*o++ = c;
		} else if (!quote) {
			if (c == '"' || c == '\'')
				quote = c;
			*o++ = c;
		}
	}
	*o = '\0';
	return out;
}

/* Does SECTION (one file's part of a unified diff) change only what is inside string
 * literals, as pk_pointers' %p -> %pK does? Such a change cannot make a file fail to compile
 * (gcc reads %pK as %p followed by a K), so the file needs no compile. Every removed line must
 * pair with an added line in the same order that is the same outside its literals. */
bool diff_changes_only_strings(const char *section)
{
	const char *minus[512], *plus[512];
	size_t lm[512], lp[512], nm = 0, np = 0;
	bool only = true;
	for (const char *l = section; l && *l && only;) {
		const char *end = strchr(l, '\n');
		size_t len = end ? (size_t)(end - l) : strlen(l);
		if (!strncmp(l, "--- ", 4) || !strncmp(l, "+++ ", 4) || !strncmp(l, "diff ", 5)) {
			; /* a header */
		} else if (*l == '@' || *l == ' ') {
			only = nm == np; /* a hunk's removed and added lines pair up */
		} else if (*l == '-' && nm < 512) {
			minus[nm] = l + 1;
			lm[nm++] = len - 1;
		} else if (*l == '+' && np < 512) {
			plus[np] = l + 1;
			lp[np++] = len - 1;
		} else if (*l == '-' || *l == '+') {
			only = false; /* too many to tell: compile */
		}
		l = end ? end + 1 : NULL;
	}
	only = only && nm == np && nm > 0;
	for (size_t i = 0; only && i < nm; i++) {
		char *a = without_literals(minus[i], lm[i]), *b = without_literals(plus[i], lp[i]);
		only = strcmp(a, b) == 0;
		free(a);
		free(b);
	}
	return only;
}

static bool checked_here(const struct feature *f, const struct feature_result *r)
{
	return r->outcome == OUTCOME_CHANGED && r->diff && !f->compiler_decides;
}

/* DIFF's sections for FILE only (malloc'd). */
static char *diff_of_file(const char *diff, const char *file)
{
	char **all = worktree_diff_files(diff);
	char **drop = calloc(1, sizeof(char *));
	size_t n = 0;
	for (char **f = all; *f; f++) {
		if (strcmp(*f, file) == 0)
			continue;
		fs_list_add(&drop, &n, strdup(*f));
	}
	char *only = diff_without_files(diff, drop);
	fs_free_list(drop);
	fs_free_list(all);
	return only;
}

/* The .c files the features of MASK changed, each once (malloc'd; *count set). */
static struct changed_file *changed_files(unsigned mask, const struct feature_result *results,
					  size_t *count)
{
	struct changed_file *out = NULL;
	size_t n = 0;
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)) || !checked_here(&features[i], &results[i]))
			continue;
		char **files = worktree_diff_files(results[i].diff);
		for (char **f = files; *f; f++) {
			if (!fs_is_c_file(*f))
				continue;
			size_t k = 0;
			while (k < n && strcmp(out[k].path, *f) != 0)
				k++;
			if (k == n) {
				out = xrealloc(out, (n + 1) * sizeof(*out));
				out[n++] = (struct changed_file){ strdup(*f), 0, false };
			}
			out[k].owners |= 1u << i;
			char *section = diff_of_file(results[i].diff, *f);
			out[k].code |= !diff_changes_only_strings(section);
			free(section);
		}
		fs_free_list(files);
	}
	*count = n;
	return out;
}

/* Which of the features that changed C->path makes it fail: FILE as PRISTINE has it plus
 * the changes of the owners in apply order, compiled after each; the first that fails is
 * blamed (its index), with its first error in *error. The whole change is blamed on the last
 * owner when no single step can be told. */
static size_t blame(const struct hb_ctx *ctx, struct allmod_tree *t, const char *pristine,
		    const char *work, const struct changed_file *c,
		    const struct feature_result *results, const char *dir, char **error)
{
	size_t last = 0;
	for (size_t i = 0; i < features_count; i++)
		if (c->owners & (1u << i))
			last = i;
	if ((c->owners & (c->owners - 1)) == 0) /* one owner */
		return last;
	char *step = fs_join(dir, "blame");
	char *log = fs_join(dir, "blame.log");
	fs_remove_tree(step);
	char *from = fs_join(pristine, c->path), *to = fs_join(step, c->path);
	char *text = fs_read_file(from, NULL);
	size_t found = last;
	char *parent = strdup(to);
	*strrchr(parent, '/') = '\0';
	if (text && fs_mkdir_p(parent, 0755) == 0 &&
	    fs_write_file_atomic(to, text, strlen(text)) == 0) {
		for (size_t i = 0; i < features_count; i++) {
			if (!(c->owners & (1u << i)))
				continue;
			char *part = diff_of_file(results[i].diff, c->path);
			char *patch = fs_join(dir, "blame.diff");
			int applied = fs_write_file_atomic(patch, part, strlen(part)) == 0 &&
				      worktree_patch(step, patch, log) == 0;
			free(patch);
			free(part);
			if (!applied)
				break;
			char *e = NULL;
			if (allmod_use_file(t, step, c->path) == 0 &&
			    allmod_compile(ctx, t, c->path, pristine, NULL, &e) == ALLMOD_FAILED) {
				free(*error);
				*error = e;
				found = i;
				break;
			}
			free(e);
		}
	}
	if (allmod_use_file(t, work, c->path) != 0)
		msg_warn("cannot link %s back from %s into %s", c->path, work, t->src);
	free(parent);
	free(text);
	free(from);
	free(to);
	fs_remove_tree(step);
	free(step);
	free(log);
	return found;
}

/* For the files that did not build with the changes (MADE false): whether they build as
 * PRISTINE has them, in one more make -k run (malloc'd, N entries; true where MADE is). Files
 * of another architecture fail both ways and need no single compile. */
static bool *unchanged_builds(const struct hb_ctx *ctx, struct allmod_tree *t,
			      const char *pristine, const char *work, char **paths,
			      const bool *made, size_t n)
{
	bool *out = calloc(n, sizeof(bool));
	char **failed = calloc(n + 1, sizeof(char *));
	size_t m = 0;
	for (size_t k = 0; k < n; k++) {
		out[k] = made[k];
		if (!made[k] && allmod_use_file(t, pristine, paths[k]) == 0)
			failed[m++] = paths[k];
	}
	if (m) {
		bool *again = calloc(m, sizeof(bool));
		allmod_compile_all(ctx, t, failed, again);
		for (size_t k = 0, j = 0; k < n && j < m; k++) {
			if (paths[k] != failed[j])
				continue;
			out[k] = again[j++];
			if (allmod_use_file(t, work, paths[k]) != 0)
				msg_warn("cannot link %s back from %s into %s", paths[k], work, t->src);
		}
		free(again);
	}
	free(failed);
	return out;
}

static void say_features(unsigned mask, const struct feature_result *results, const int *compiled,
			 const int *unbuilt, const int *strings_only)
{
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)))
			continue;
		if (results[i].outcome == OUTCOME_DOES_NOT_COMPILE)
			msg_error("%s: does not compile, refused: %s", features[i].name,
				  results[i].compile_error);
		else if (!checked_here(&features[i], &results[i]))
			continue;
		else {
			char unbuilt_text[80] = "", strings_text[80] = "";
			if (unbuilt[i])
				snprintf(unbuilt_text, sizeof(unbuilt_text),
					 ", %d not built on x86_64 allmodconfig", unbuilt[i]);
			if (strings_only[i])
				snprintf(strings_text, sizeof(strings_text),
					 ", %d changed inside string literals only", strings_only[i]);
			msg_info("%-18s compiled %d file%s with the change%s%s", features[i].name,
				 compiled[i], compiled[i] == 1 ? "" : "s", unbuilt_text, strings_text);
		}
	}
}

/* The allmodconfig tree for the check: the one a feature's own compile prepared from WORK in
 * this apply (apply_verify.h), with the files changed since linked again, or a new one. */
static int prepare_or_reuse(const struct hb_ctx *ctx, struct allmod_tree *t, const char *work,
			    unsigned mask, const struct feature_result *results)
{
	bool prepared = false;
	for (size_t i = 0; i < features_count; i++)
		prepared |= (mask & (1u << i)) && results[i].allmod_prepared;
	if (!prepared)
		return allmod_prepare(ctx, t, work);
	char **changed = calloc(1, sizeof(char *));
	size_t n = 0;
	for (size_t i = 0; i < features_count; i++) {
		char **files = (mask & (1u << i)) && results[i].diff
				       ? worktree_diff_files(results[i].diff)
				       : NULL;
		for (char **f = files; f && *f; f++) {
			fs_list_add(&changed, &n, strdup(*f));
		}
		fs_free_list(files);
	}
	int rc = allmod_refresh(ctx, t, work, changed);
	fs_free_list(changed);
	return rc;
}

int feature_compile_check(const struct hb_ctx *ctx, const char *pristine, const char *work,
			  const char *dir, unsigned mask, struct feature_result *results)
{
	size_t n;
	struct changed_file *files = changed_files(mask, results, &n);
	if (!n) {
		free(files);
		return HB_EXIT_OK;
	}
	/* only the files with a change outside string literals: the others cannot fail */
	int strings_only[FEATURES_MAX] = { 0 };
	size_t m = 0;
	for (size_t k = 0; k < n; k++) {
		if (files[k].code) {
			files[m++] = files[k];
			continue;
		}
		for (size_t i = 0; i < features_count; i++)
			strings_only[i] += !!(files[k].owners & (1u << i));
		free(files[k].path);
	}
	n = m;
	int compiled[FEATURES_MAX] = { 0 }, unbuilt[FEATURES_MAX] = { 0 };
	if (!n) {
		say_features(mask, results, compiled, unbuilt, strings_only);
		free(files);
		return HB_EXIT_OK;
	}
	double t0 = msg_now();
	char *log = fs_join(dir, "compile-features.log");
	struct allmod_tree t;
	allmod_tree_init(&t, dir, log);
	fs_mkdir_p(dir, 0755);
	fs_write_file_atomic(log, "", 0);
	msg_info("compile check: %zu changed C file%s on x86_64 allmodconfig (log %s)", n,
		 n == 1 ? "" : "s", log);
	int rc = HB_EXIT_OK;
	if (prepare_or_reuse(ctx, &t, work, mask, results) != 0) {
		msg_warn("the changed files cannot be compiled here: make prepare failed on "
			 "allmodconfig (log: %s); the changes stand as the rules proved them", log);
		goto out;
	}
	char **paths = calloc(n + 1, sizeof(char *));
	bool *made = calloc(n + 1, sizeof(bool));
	for (size_t k = 0; k < n; k++)
		paths[k] = files[k].path;
	allmod_compile_all(ctx, &t, paths, made);
	bool *unchanged_made = unchanged_builds(ctx, &t, pristine, work, paths, made, n);
	for (size_t k = 0; k < n; k++) {
		enum allmod_result r = ALLMOD_OK;
		char *error = NULL;
		if (allmod_other_arch(files[k].path))
			r = ALLMOD_NOT_BUILT;
		else if (!made[k] && !unchanged_made[k])
			r = ALLMOD_FAILS_ANYWAY; /* another architecture's file, a missing tool */
		else if (!made[k]) /* the one that counts: compiled alone, for its first error */
			r = allmod_compile(ctx, &t, files[k].path, pristine, work, &error);
		size_t culprit = 0;
		if (r == ALLMOD_FAILED) {
			culprit = blame(ctx, &t, pristine, work, &files[k], results, dir, &error);
			if (results[culprit].outcome != OUTCOME_DOES_NOT_COMPILE) {
				results[culprit].outcome = OUTCOME_DOES_NOT_COMPILE;
				results[culprit].compile_error = xasprintf(
					"%s: %s", files[k].path, error ? error : "(no error line in the log)");
			}
			rc = HB_EXIT_FAILED;
		}
		for (size_t i = 0; i < features_count; i++) {
			if (!(files[k].owners & (1u << i)))
				continue;
			compiled[i] += r == ALLMOD_OK || (r == ALLMOD_FAILED && i != culprit);
			unbuilt[i] += r == ALLMOD_NOT_BUILT || r == ALLMOD_FAILS_ANYWAY;
		}
		free(error);
	}
	say_features(mask, results, compiled, unbuilt, strings_only);
	msg_info("compile check: %.1f s", msg_now() - t0);
	free(unchanged_made);
	free(made);
	free(paths);
out:
	for (size_t k = 0; k < n; k++)
		free(files[k].path);
	free(files);
	allmod_tree_free(&t);
	free(log);
	return rc;
}
