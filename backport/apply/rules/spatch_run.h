/* SPDX-License-Identifier: GPL-2.0-only */
/* Running one semantic patch over a tree with spatch, as the kernel's coccicheck does:
 * the rule's own "// Options:" line, its virtual mode, the token prefilter, -j. */
#ifndef HB_SPATCH_RUN_H
#define HB_SPATCH_RUN_H

#include <stdbool.h>
#include <stddef.h>

/* spatch hands the folder it reads to a shell and the --patch prefix to a regular expression:
 * a path with a space, a quote, $, +, * or the like silently loses files or names them wrong.
 * True when every byte of PATH is one spatch takes as itself: A-Z a-z 0-9 / . _ - ~ , = @ : %. */
bool spatch_path_safe(const char *path);
/* The first byte of PATH spatch would misread, or 0 when there is none. */
char spatch_path_unsafe_char(const char *path);

/* Every spatch run has a per-file timeout (spatch --timeout, as the kernel's .cocciconfig
 * passes): a file that takes longer is given up, the run goes on with the next, and the file is
 * named in the run's spatch_timeouts ("not examined"). */
#define SPATCH_TIMEOUT_DEFAULT 120
#define SPATCH_TIMEOUT_ENV "BACKPORT_SPATCH_TIMEOUT"

/* The files a run gave up on. */
struct spatch_timeouts {
	char **files;   /* paths relative to the tree, in the order met, each once */
	size_t n;
	int seconds;    /* the timeout they ran into */
};

/* The per-file timeout in seconds: $BACKPORT_SPATCH_TIMEOUT (0: none), else the default. */
int spatch_timeout(void);
/* Parses SECONDS ("120"; 0: no timeout) into *OUT: 0, or -1 when it is no number 0..86400. */
int spatch_timeout_parse(const char *seconds, int *out);
/* Adds to *T every file that spatch's stderr TEXT says timed out ("EXN: ...Timeout in FILE",
 * "timeout (we abort): FILE"), TREE/ stripped, each once. */
void spatch_timeouts_scan(const char *text, const char *tree, struct spatch_timeouts *t);
/* Adds FROM's files to *T (each once). */
void spatch_timeouts_merge(struct spatch_timeouts *t, const struct spatch_timeouts *from);
/* "not examined: N file(s) timed out after T s (A, B)" (malloc'd), or NULL when none did. */
char *spatch_timeouts_text(const struct spatch_timeouts *t);
void spatch_timeouts_free(struct spatch_timeouts *t);

/* Patch mode: the unified diff (paths a/FILE b/FILE) spatch proposes for TREE, malloc'd
 * ("" when nothing changes), or NULL when spatch failed (its output is in LOG). The files it
 * gave up on are added to *TIMED_OUT when not NULL. */
char *spatch_diff_noting(const char *cocci, const char *tree, int jobs, const char *log,
			 struct spatch_timeouts *timed_out);
char *spatch_diff(const char *cocci, const char *tree, int jobs, const char *log);
/* Report mode: the report lines, deduplicated, with TREE/ stripped from paths (malloc'd),
 * or NULL when spatch failed; as spatch_diff_noting for TIMED_OUT. */
char *spatch_report_noting(const char *cocci, const char *tree, const char *log,
			   struct spatch_timeouts *timed_out);
/* Report mode where the rule can say "incomplete:": over the files its "// Incomplete-in:"
 * lines keep (prefilter.h), or as spatch_report_noting when it has none. NULL when spatch
 * failed or a line is bad (said). */
char *spatch_report_incomplete(const char *cocci, const char *tree, const char *log,
			       struct spatch_timeouts *timed_out);
/* While COCCI runs over TREE and TREE does not change (a patch run, then the report that
 * tells whether its change is whole), the files its prefilter keeps are chosen once, by the
 * first run, and reused by the next ones: pin before the first, unpin before TREE changes.
 * Runs of another rule or tree choose their own. One pin at a time. */
void spatch_pin_selection(const char *cocci, const char *tree);
void spatch_unpin_selection(void);
/* Before several rules (the cocci files COCCIS, NULL-terminated) run over TREE one after the
 * other, each changing some files: their Prefilter and Incomplete-in lines are tested in one
 * read of TREE, and each run's selection over TREE later reads only the files changed since
 * (prefilter_memo.h). Forget when done with TREE. */
void spatch_select_ahead(char *const *coccis, const char *tree);
void spatch_forget_ahead(void);
/* The words of the rule's "// Options:" header line (NULL-terminated, malloc'd array of
 * malloc'd strings; empty when there is none). */
char **spatch_rule_options(const char *cocci);
void spatch_free_words(char **words);

#endif
