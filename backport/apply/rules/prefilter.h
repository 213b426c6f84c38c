/* SPDX-License-Identifier: GPL-2.0-only */
/* A rule's file prefilter: which files of a tree are worth giving to spatch at all.
 *
 * Coccinelle skips a file cheaply only when it lacks the identifiers a rule names; a rule
 * about format strings or ops tables names identifiers that most files have, and parsing them
 * all takes long. A rule may then say, in its header, what a file must contain to be worth
 * parsing:
 *     // Prefilter: REGEX [&& REGEX...]
 * (POSIX extended regular expressions over the file's whole text: a line break is an
 * ordinary character, so that "[^;]*" runs over the lines of a call, and "$" is the end of
 * the file). A file is kept when, for at least one Prefilter line, it matches every REGEX of
 * that line. A rule without such a line keeps every file (spatch --dir). The lines are only
 * a speed-up for the driver: spatch and `make coccicheck` read them as comments and parse
 * every file, with the same result. */
#ifndef HB_PREFILTER_H
#define HB_PREFILTER_H

#include <stdbool.h>
#include <stddef.h>

struct prefilter;

#define PREFILTER_TAG "// Prefilter:"
/* The same syntax, for the files where the rule's report mode can say "incomplete:" (the
 * driver's check that a change is whole runs the report on those only); a rule without such
 * lines is checked on its Prefilter files. */
#define INCOMPLETE_IN_TAG "// Incomplete-in:"

/* The Prefilter lines of the rule COCCI: NULL when it has none (or cannot be read); on a
 * regular expression that does not compile, NULL and ERR says which. */
struct prefilter *prefilter_load(const char *cocci, char *err, size_t errlen);
/* The same for the lines that start with TAG (PREFILTER_TAG, INCOMPLETE_IN_TAG). */
struct prefilter *prefilter_load_tagged(const char *cocci, const char *tag, char *err,
					size_t errlen);
void prefilter_free(struct prefilter *pf);
/* The text of PF's lines (its tag included): two prefilters with the same key keep the same
 * files. */
const char *prefilter_key(const struct prefilter *pf);
/* Does TEXT pass? */
bool prefilter_match(const struct prefilter *pf, const char *text);
/* The .c and .h files under TREE that pass (every one when PF is NULL), as paths in sorted order (a malloc'd
 * NULL-terminated array of malloc'd strings), or NULL when TREE cannot be walked. */
char **prefilter_files(const struct prefilter *pf, const char *tree);
void prefilter_free_files(char **files);

#endif
