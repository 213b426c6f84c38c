// SPDX-License-Identifier: GPL-2.0-only
#include "source_record.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "record.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


struct record_line {
	char *path;
	char *hash;
};

/* nftw has no user argument: the scan in progress. */
static struct {
	const char *pristine, *tree;
	size_t tree_len;
	struct record_line *lines;
	size_t n, cap;
	bool failed;
} scan;

static int scan_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type != FTW_F || !S_ISREG(st->st_mode))
		return 0;
	const char *rel = path + scan.tree_len + 1;
	char *twin = fs_join(scan.pristine, rel);
	struct stat pst;
	bool has_twin = lstat(twin, &pst) == 0 && S_ISREG(pst.st_mode);
	if (has_twin && pst.st_dev == st->st_dev && pst.st_ino == st->st_ino) {
		free(twin);
		return 0;
	}
	size_t len = 0, twin_len = 0;
	char *text = fs_read_file(path, &len);
	char *twin_text = has_twin && (off_t)pst.st_size == st->st_size ? fs_read_file(twin, &twin_len)
									 : NULL;
	free(twin);
	if (!text) {
		free(twin_text);
		scan.failed = true;
		return 1;
	}
	bool same = twin_text && twin_len == len && memcmp(text, twin_text, len) == 0;
	free(twin_text);
	if (!same) {
		if (scan.n == scan.cap) {
			scan.cap = scan.cap ? 2 * scan.cap : 64;
			scan.lines = xrealloc(scan.lines, scan.cap * sizeof(*scan.lines));
		}
		scan.lines[scan.n].path = strdup(rel);
		scan.lines[scan.n].hash = xasprintf("%016llx", (unsigned long long)fnv1a_hash(text, len));
		scan.n++;
	}
	free(text);
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct record_line *)a)->path, ((const struct record_line *)b)->path);
}

static void lines_free(struct record_line *lines, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(lines[i].path);
		free(lines[i].hash);
	}
	free(lines);
}

char *source_record_scan(const char *pristine, const char *tree)
{
	memset(&scan, 0, sizeof(scan));
	scan.pristine = pristine;
	scan.tree = tree;
	scan.tree_len = strlen(tree);
	if (strcmp(pristine, tree) != 0 && nftw(tree, scan_file, 64, FTW_PHYS) != 0)
		scan.failed = true;
	char *text = NULL;
	if (!scan.failed) {
		qsort(scan.lines, scan.n, sizeof(*scan.lines), by_path);
		json_t *rec = hb_record_new(SOURCE_RECORD_KIND, SOURCE_RECORD_VERSION), *files = json_array();
		json_object_set_new(rec, "pristine", json_string(pristine));
		for (size_t i = 0; i < scan.n; i++)
			json_array_append_new(files, json_pack("{s:s, s:s}", "path", scan.lines[i].path,
							       "hash", scan.lines[i].hash));
		json_object_set_new(rec, "files", files);
		text = hb_record_text(rec);
		json_decref(rec);
	}
	lines_free(scan.lines, scan.n);
	memset(&scan, 0, sizeof(scan));
	return text;
}

/* Parses REC's files into *LINES (sorted by path); its pristine tree into *PRISTINE. false
 * when REC is no source record. */
static bool record_parse(const char *text, char **pristine, struct record_line **lines, size_t *n)
{
	*pristine = NULL;
	*lines = NULL;
	*n = 0;
	json_t *rec = hb_record_parse(text, SOURCE_RECORD_KIND, SOURCE_RECORD_VERSION);
	const json_t *files = json_object_get(rec, "files"), *f;
	size_t i;
	if (!rec || !*hb_record_str(rec, "pristine") || !json_is_array(files)) {
		json_decref(rec);
		return false;
	}
	*lines = xrealloc(NULL, (json_array_size(files) + 1) * sizeof(**lines));
	json_array_foreach(files, i, f) {
		if (!*hb_record_str(f, "path") || !*hb_record_str(f, "hash"))
			continue;
		(*lines)[*n].path = strdup(hb_record_str(f, "path"));
		(*lines)[*n].hash = strdup(hb_record_str(f, "hash"));
		(*n)++;
	}
	if (*n)
		qsort(*lines, *n, sizeof(**lines), by_path);
	*pristine = strdup(hb_record_str(rec, "pristine"));
	json_decref(rec);
	return true;
}

char **source_record_stale(const char *old_rec, const char *new_rec)
{
	char *old_pristine, *new_pristine;
	struct record_line *old_lines, *new_lines;
	size_t old_n, new_n;
	bool ok = record_parse(old_rec, &old_pristine, &old_lines, &old_n);
	ok = record_parse(new_rec, &new_pristine, &new_lines, &new_n) && ok;
	char **files = NULL;
	if (ok && strcmp(old_pristine, new_pristine) == 0) {
		size_t n = 0, i = 0, j = 0;
		files = calloc(1, sizeof(char *));
		while (i < old_n || j < new_n) {
			int cmp = i == old_n ? 1 : j == new_n ? -1 : strcmp(old_lines[i].path, new_lines[j].path);
			if (cmp < 0) {
				fs_list_add(&files, &n, strdup(old_lines[i++].path));
			} else if (cmp > 0) {
				fs_list_add(&files, &n, strdup(new_lines[j++].path));
			} else {
				if (strcmp(old_lines[i].hash, new_lines[j].hash) != 0)
					fs_list_add(&files, &n, strdup(new_lines[j].path));
				i++;
				j++;
			}
		}
	}
	free(old_pristine);
	free(new_pristine);
	lines_free(old_lines, old_n);
	lines_free(new_lines, new_n);
	return files;
}

void source_record_list_free(char **files)
{
	for (char **f = files; f && *f; f++)
		free(*f);
	free(files);
}
