// SPDX-License-Identifier: GPL-2.0-only
#include "report_load.h"

#include "fsutil.h"
#include "json_util.h"
#include "msg.h"
#include "run_result_json.h"
#include "prefix_suffix.h"

#include <dirent.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct found {
	struct run_result *r;
	char **from; /* the file each result came from */
	size_t count, cap;
};

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Takes R into F unless F holds the same kernel already (see report_load). */
static void keep(struct found *f, struct run_result *r, const char *path)
{
	for (size_t i = 0; i < f->count; i++) {
		struct run_result *old = &f->r[i];
		if (strcmp(old->kernel, r->kernel) != 0)
			continue;
		if (same(old->run_id, r->run_id) && same(old->started, r->started)) {
			run_result_free(r);
			return;
		}
		bool newer = r->finished && (!old->finished || strcmp(r->finished, old->finished) > 0);
		msg_warn("kernel %s has results from two runs: %s and %s; the one that finished last "
			 "(%s) is kept",
			 r->kernel, f->from[i], path, newer ? path : f->from[i]);
		if (newer) {
			run_result_free(old);
			*old = *r;
			free(f->from[i]);
			f->from[i] = strdup(path);
		} else {
			run_result_free(r);
		}
		return;
	}
	if (f->count == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 8;
		f->r = xrealloc(f->r, f->cap * sizeof(*f->r));
		f->from = xrealloc(f->from, f->cap * sizeof(*f->from));
	}
	f->r[f->count] = *r;
	f->from[f->count++] = strdup(path);
}

static int load_file(struct found *f, const char *path, char *err, size_t errlen)
{
	char why[512];
	json_t *v = hb_json_read_file(path, why, sizeof(why));
	if (!v) {
		msg_format(err, errlen, "%s", why);
		return -1;
	}
	const char *format = json_string_value(json_object_get(v, "format"));
	json_t *kernels = json_object_get(v, "kernels");
	bool matrix = format && strcmp(format, "hardening-backport-matrix") == 0 &&
		      json_is_array(kernels);
	int rc = 0;
	for (size_t i = 0; rc == 0 && i < (matrix ? json_array_size(kernels) : 1); i++) {
		struct run_result r;
		rc = run_result_from_json(matrix ? json_array_get(kernels, i) : v, &r, why,
					  sizeof(why));
		if (rc == 0)
			keep(f, &r, path);
		else if (matrix)
			msg_format(err, errlen, "%s: kernels[%zu]: %s", path, i, why);
		else
			msg_format(err, errlen, "%s: %s", path, why);
	}
	json_decref(v);
	return rc;
}

/* Every kernels/NAME.json below DIR, in name order. */
static int load_dir(struct found *f, const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		msg_format(err, errlen, "%s: cannot read the folder: %m", dir);
		return -1;
	}
	char **names = NULL;
	size_t n = 0;
	for (struct dirent *e; (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		if (!names)
			abort();
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	fs_sort_list(names, n);
	char *copy = strdup(dir);
	bool in_kernels = strcmp(basename(copy), "kernels") == 0;
	free(copy);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		char *path = fs_join(dir, names[i]);
		struct stat st;
		if (rc == 0 && lstat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				rc = load_dir(f, path, err, errlen);
			else if (S_ISREG(st.st_mode) && in_kernels && str_ends_with(names[i], ".json"))
				rc = load_file(f, path, err, errlen);
		}
		free(path);
		free(names[i]);
	}
	free(names);
	return rc;
}

void report_results_free(struct run_result *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		run_result_free(&r[i]);
	free(r);
}

int report_load(char *const *paths, size_t n_paths, struct run_result **out, size_t *count,
		char *err, size_t errlen)
{
	struct found f = { 0 };
	int rc = 0;
	for (size_t i = 0; i < n_paths && rc == 0; i++) {
		if (fs_is_dir(paths[i]))
			rc = load_dir(&f, paths[i], err, errlen);
		else if (fs_exists(paths[i]))
			rc = load_file(&f, paths[i], err, errlen);
		else {
			msg_format(err, errlen, "%s: no such file or folder", paths[i]);
			rc = -1;
		}
	}
	if (rc == 0 && f.count == 0) {
		msg_format(err, errlen, "no per-kernel results (kernels/NAME.json) in %s%s",
			   n_paths ? paths[0] : "(nothing named)", n_paths > 1 ? " ..." : "");
		rc = -1;
	}
	for (size_t i = 0; i < f.count; i++)
		free(f.from[i]);
	free(f.from);
	if (rc != 0) {
		report_results_free(f.r, f.count);
		*out = NULL;
		*count = 0;
		return -1;
	}
	*out = f.r;
	*count = f.count;
	return 0;
}
