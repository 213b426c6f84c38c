/* SPDX-License-Identifier: GPL-2.0-only */
/* The guest's kernel pointer leak measurement (suite leaks, test-initramfs/src/test_leaks.c):
 * per kptr_restrict level, how many values that look like kernel addresses an unprivileged
 * reader found in /proc and /sys, in how many files, of how many read. Read from the lines
 *   # leaks kptr_restrict=L total=N files=M [read=R]
 * of the guest's KTAP; kept in results.json and the per-kernel results as an array of
 * {"kptr_restrict", "total", "files", "read"} objects ("read" -1 when not printed). */
#ifndef HB_LEAK_STATS_H
#define HB_LEAK_STATS_H

#include "ktap.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define LEAK_LEVELS_MAX 4 /* kptr_restrict is 0, 1 or 2 */

struct leak_level {
	int kptr_restrict;
	long total; /* addresses */
	long files; /* files with at least one */
	long read;  /* files read, -1 if unknown */
};

struct leak_stats {
	struct leak_level level[LEAK_LEVELS_MAX]; /* by kptr_restrict, ascending */
	size_t n;
};

/* Parses one diagnostic's text (without "# "): true for a well-formed "leaks ..." line. */
bool leak_line_parse(const char *diag, struct leak_level *out);
/* Every such line of R, at any depth; a level seen twice keeps its last line. */
void leak_stats_from_ktap(const struct ktap_report *r, struct leak_stats *out);
/* The level's entry, or NULL when it was not measured. */
const struct leak_level *leak_stats_level(const struct leak_stats *s, int kptr_restrict);
/* "N in M files of R" (or "N in M files") into BUF; "not measured" for NULL. */
void leak_level_text(const struct leak_level *l, char *buf, size_t len);

json_t *leak_stats_to_json(const struct leak_stats *s);
/* From such an array; NULL or JSON null give no levels (results older than the measurement).
 * 0, or -1 with what is wrong in err. */
int leak_stats_from_json(const json_t *a, struct leak_stats *out, char *err, size_t errlen);

#endif
