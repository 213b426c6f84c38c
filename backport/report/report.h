/* SPDX-License-Identifier: GPL-2.0-only */
/* The matrix reports over several kernels' results: matrix.md (a CI job summary), matrix.json
 * (every fact and test result), junit.xml, and kernels/NAME.json (for `report merge`). */
#ifndef HB_REPORT_H
#define HB_REPORT_H

#include "run_result.h"

#include <stdio.h>

/* The rows' labels over all results, in the order first met (smoke first): the columns. */
struct report_columns {
	char **labels;
	size_t count;
};
void report_columns_of(const struct run_result *r, size_t n, struct report_columns *out);
void report_columns_free(struct report_columns *c);
/* R's row labelled LABEL, or NULL. */
const struct run_feature *report_feature(const struct run_result *r, const char *label);

/* Sorts by kernels.list order, then name. */
void report_sort(struct run_result *r, size_t n);
/* The worst kernel's exit code (0 when N is 0). */
int report_exit_code(const struct run_result *r, size_t n);

int report_write_markdown(FILE *f, const struct run_result *r, size_t n);
/* Text in a Markdown table cell: '|' escaped, line ends as spaces, HTML's characters as
 * entities. */
void report_md_cell(FILE *f, const char *s);
/* matrix.md's section on kernel-hardening-checker's verdicts (nothing when it judged none). */
void report_md_checker(FILE *f, const struct run_result *r, size_t n);
int report_write_junit(FILE *f, const struct run_result *r, size_t n);
int report_write_matrix_json(FILE *f, const struct run_result *r, size_t n);

/* Writes the three reports and kernels/NAME.json into DIR (created). Prints what it wrote.
 * 0, or -1 after saying what failed. */
int report_write_all(const char *dir, const struct run_result *r, size_t n);

#endif
