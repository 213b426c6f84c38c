// SPDX-License-Identifier: GPL-2.0-only
#include "report.h"

#include "fsutil.h"
#include "msg.h"
#include "run_result_json.h"

#include <stdlib.h>
#include <string.h>

void report_columns_of(const struct run_result *r, size_t n, struct report_columns *out)
{
	memset(out, 0, sizeof(*out));
	size_t cap = 1;
	for (size_t k = 0; k < n; k++)
		cap += r[k].n_features;
	out->labels = calloc(cap, sizeof(*out->labels));
	if (!out->labels)
		abort();
	for (size_t k = 0; k < n; k++) {
		for (size_t i = 0; i < r[k].n_features; i++) {
			const char *label = run_feature_label(&r[k].features[i]);
			bool known = false;
			for (size_t c = 0; c < out->count && !known; c++)
				known = strcmp(out->labels[c], label) == 0;
			if (!known)
				out->labels[out->count++] = strdup(label);
		}
	}
}

void report_columns_free(struct report_columns *c)
{
	for (size_t i = 0; i < c->count; i++)
		free(c->labels[i]);
	free(c->labels);
	memset(c, 0, sizeof(*c));
}

const struct run_feature *report_feature(const struct run_result *r, const char *label)
{
	for (size_t i = 0; i < r->n_features; i++)
		if (strcmp(run_feature_label(&r->features[i]), label) == 0)
			return &r->features[i];
	return NULL;
}

static int by_order(const void *a, const void *b)
{
	const struct run_result *x = a, *y = b;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return strcmp(x->kernel, y->kernel);
}

void report_sort(struct run_result *r, size_t n)
{
	if (n > 1)
		qsort(r, n, sizeof(*r), by_order);
}

int report_exit_code(const struct run_result *r, size_t n)
{
	int worst = 0;
	for (size_t k = 0; k < n; k++)
		if (r[k].exit_code > worst)
			worst = r[k].exit_code;
	return worst;
}

typedef int (*report_writer)(FILE *f, const struct run_result *r, size_t n);

static int write_one(const char *dir, const char *name, report_writer writer,
		     const struct run_result *r, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int rc = f ? writer(f, r, n) : -1;
	if (f && fclose(f) != 0)
		rc = -1;
	char *path = fs_join(dir, name);
	if (rc == 0)
		rc = fs_write_file_atomic(path, text, len);
	if (rc != 0)
		msg_error("cannot write %s: %m", path);
	free(path);
	free(text);
	return rc;
}

int report_write_all(const char *dir, const struct run_result *r, size_t n)
{
	char *kernels = fs_join(dir, "kernels");
	int rc = fs_mkdir_p(kernels, 0755);
	if (rc != 0)
		msg_error("cannot create %s: %m", kernels);
	for (size_t k = 0; k < n && rc == 0; k++) {
		char *path = xasprintf("%s/%s.json", kernels, r[k].kernel);
		rc = run_result_write_file(&r[k], path);
		if (rc != 0)
			msg_error("cannot write %s: %m", path);
		free(path);
	}
	free(kernels);
	if (rc == 0)
		rc = write_one(dir, "matrix.md", report_write_markdown, r, n);
	if (rc == 0)
		rc = write_one(dir, "matrix.json", report_write_matrix_json, r, n);
	if (rc == 0)
		rc = write_one(dir, "junit.xml", report_write_junit, r, n);
	return rc;
}
