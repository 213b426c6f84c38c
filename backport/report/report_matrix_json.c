// SPDX-License-Identifier: GPL-2.0-only
/* matrix.json: the matrix's facts in one file: the columns, each kernel's whole result (the
 * same object as kernels/NAME.json, with each flavour's guest results embedded). */
#include "report.h"

#include "clock_text.h"
#include "run_result_json.h"

int report_write_matrix_json(FILE *f, const struct run_result *r, size_t n)
{
	char now[32];
	clock_iso8601(now, sizeof(now));
	struct json_value *v = json_object();
	json_set(v, "format", json_string("hardening-backport-matrix"));
	json_set(v, "format_version", json_number(1));
	json_set(v, "generated", json_string(now));
	json_set(v, "exit_code", json_number(report_exit_code(r, n)));
	struct report_columns cols;
	report_columns_of(r, n, &cols);
	struct json_value *labels = json_array();
	for (size_t c = 0; c < cols.count; c++)
		json_push(labels, json_string(cols.labels[c]));
	report_columns_free(&cols);
	json_set(v, "columns", labels);
	struct json_value *kernels = json_array();
	for (size_t k = 0; k < n; k++)
		json_push(kernels, run_result_to_json(&r[k]));
	json_set(v, "kernels", kernels);
	int rc = json_write(f, v, 0);
	fputc('\n', f);
	json_free(v);
	return rc;
}
