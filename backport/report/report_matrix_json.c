// SPDX-License-Identifier: GPL-2.0-only
/* matrix.json: the matrix's facts in one file: the columns, each kernel's whole result (the
 * same object as kernels/NAME.json, with each flavour's guest results embedded). */
#include "report.h"

#include "clock_text.h"
#include "json_util.h"
#include "run_result_json.h"

int report_write_matrix_json(FILE *f, const struct run_result *r, size_t n)
{
	char now[32];
	clock_iso8601(now, sizeof(now));
	json_t *v = json_object();
	json_object_set_new(v, "format", json_string("hardening-backport-matrix"));
	json_object_set_new(v, "format_version", json_integer(1));
	json_object_set_new(v, "generated", json_string(now));
	json_object_set_new(v, "exit_code", json_integer(report_exit_code(r, n)));
	struct report_columns cols;
	report_columns_of(r, n, &cols);
	json_t *labels = json_array();
	for (size_t c = 0; c < cols.count; c++)
		json_array_append_new(labels, hb_json_string(cols.labels[c]));
	report_columns_free(&cols);
	json_object_set_new(v, "columns", labels);
	json_t *kernels = json_array();
	for (size_t k = 0; k < n; k++)
		json_array_append_new(kernels, run_result_to_json(&r[k]));
	json_object_set_new(v, "kernels", kernels);
	int rc = hb_json_write(f, v);
	json_decref(v);
	return rc;
}
