// SPDX-License-Identifier: GPL-2.0-only
#include "kernels_list.h"

#include "fsutil.h"
#include "msg.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 8

static bool valid_token(const char *s, const char *extra)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

static int split_fields(char *line, char **fields)
{
	int n = 0;
	for (char *tok = strtok(line, " \t"); tok; tok = strtok(NULL, " \t")) {
		if (n == MAX_FIELDS)
			return MAX_FIELDS + 1;
		fields[n++] = tok;
	}
	return n;
}

static int copy_field(char *dst, size_t len, const char *src, const char *what,
		      const char *file, int lineno, char *err, size_t errlen)
{
	if (strlen(src) >= len) {
		msg_format(err, errlen, "%s:%d: %s is too long (at most %zu characters): %s",
			   file, lineno, what, len - 1, src);
		return -1;
	}
	strcpy(dst, src);
	return 0;
}

bool kernel_line_parse(const char *package, int *major, int *minor)
{
	const char *p = package;
	if (strncmp(p, "linux-source-", 13) != 0)
		return false;
	p += 13;
	long x = 0, y = 0;
	int digits = 0;
	for (; isdigit((unsigned char)*p) && digits < 6; p++, digits++)
		x = x * 10 + (*p - '0');
	if (!digits || *p++ != '.')
		return false;
	for (digits = 0; isdigit((unsigned char)*p) && digits < 6; p++, digits++)
		y = y * 10 + (*p - '0');
	if (!digits || *p)
		return false;
	*major = (int)x;
	*minor = (int)y;
	return true;
}

/* "linux-source" (-1) or "linux-source-X.x" (X): the forms that follow the suite's newest line. */
static bool follow_form(const char *package, int *major)
{
	if (strcmp(package, "linux-source") == 0) {
		*major = -1;
		return true;
	}
	int x, y;
	char *probe = strdup(package);
	if (!probe)
		abort();
	size_t n = strlen(probe);
	bool ok = n > 2 && strcmp(probe + n - 2, ".x") == 0;
	if (ok) {
		strcpy(probe + n - 1, "0"); /* linux-source-7.x reads as linux-source-7.0 */
		ok = kernel_line_parse(probe, &x, &y);
	}
	free(probe);
	if (ok)
		*major = x;
	return ok;
}

bool kernel_entry_takes(const struct kernel_entry *e, const char *package)
{
	if (!e->follows)
		return strcmp(e->package, package) == 0;
	int x, y;
	return kernel_line_parse(package, &x, &y) && (e->follow_major < 0 || x == e->follow_major);
}

static int parse_debian(struct kernel_entry *e, char **f, int n, const char *file, int lineno,
			char *err, size_t errlen)
{
	if (n < 4 || n > 5) {
		msg_format(err, errlen,
			   "%s:%d: a debian entry takes SUITE PACKAGE [VERSION], got %d argument(s)",
			   file, lineno, n - 2);
		return -1;
	}
	if (!valid_token(f[2], "-")) {
		msg_format(err, errlen, "%s:%d: '%s' is not a Debian suite name", file, lineno, f[2]);
		return -1;
	}
	int x, y;
	e->follows = follow_form(f[3], &e->follow_major);
	if (!e->follows && !kernel_line_parse(f[3], &x, &y)) {
		msg_format(err, errlen,
			   "%s:%d: '%s' is not a linux-source package (expected linux-source-X.Y, "
			   "or linux-source-X.x or linux-source to follow the suite's newest line)",
			   file, lineno, f[3]);
		return -1;
	}
	if (n == 5 && e->follows) {
		msg_format(err, errlen,
			   "%s:%d: '%s' follows the suite's newest line: it takes no VERSION (a "
			   "VERSION pins one upload of one line: name the line, linux-source-X.Y)",
			   file, lineno, f[3]);
		return -1;
	}
	if (n == 5 && !valid_token(f[4], ".+-~:")) {
		msg_format(err, errlen, "%s:%d: '%s' is not a Debian version", file, lineno, f[4]);
		return -1;
	}
	e->source = KERNEL_SOURCE_DEBIAN;
	if (copy_field(e->suite, sizeof(e->suite), f[2], "suite", file, lineno, err, errlen) ||
	    copy_field(e->package, sizeof(e->package), f[3], "package", file, lineno, err, errlen) ||
	    copy_field(e->version, sizeof(e->version), n == 5 ? f[4] : "", "version", file, lineno,
		       err, errlen))
		return -1;
	return 0;
}

static int parse_dir(struct kernel_entry *e, char **f, int n, const char *file, int lineno,
		     char *err, size_t errlen)
{
	if (n != 3) {
		msg_format(err, errlen, "%s:%d: a dir entry takes one PATH, got %d argument(s)",
			   file, lineno, n - 2);
		return -1;
	}
	e->source = KERNEL_SOURCE_DIR;
	return copy_field(e->path, sizeof(e->path), f[2], "path", file, lineno, err, errlen);
}

static int parse_line(char *line, int lineno, const char *file, struct kernel_list *out,
		      char *err, size_t errlen)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char *fields[MAX_FIELDS];
	int n = split_fields(line, fields);
	if (n == 0)
		return 0;
	if (n > MAX_FIELDS) {
		msg_format(err, errlen, "%s:%d: too many fields", file, lineno);
		return -1;
	}
	if (n < 2) {
		msg_format(err, errlen, "%s:%d: expected NAME SOURCE ARGS..., got only '%s'", file,
			   lineno, fields[0]);
		return -1;
	}
	if (!valid_token(fields[0], "._-") || strlen(fields[0]) >= KL_NAME_MAX) {
		msg_format(err, errlen,
			   "%s:%d: kernel name '%s' may only hold letters, digits, '.', '_' and '-'",
			   file, lineno, fields[0]);
		return -1;
	}
	if (kernels_list_find(out, fields[0])) {
		msg_format(err, errlen, "%s:%d: kernel '%s' is listed twice", file, lineno,
			   fields[0]);
		return -1;
	}
	struct kernel_entry e;
	memset(&e, 0, sizeof(e));
	strcpy(e.name, fields[0]);
	e.line = lineno;
	int rc;
	if (strcmp(fields[1], "debian") == 0)
		rc = parse_debian(&e, fields, n, file, lineno, err, errlen);
	else if (strcmp(fields[1], "dir") == 0)
		rc = parse_dir(&e, fields, n, file, lineno, err, errlen);
	else {
		msg_format(err, errlen, "%s:%d: unknown source '%s' (expected 'debian' or 'dir')",
			   file, lineno, fields[1]);
		rc = -1;
	}
	if (rc)
		return -1;
	struct kernel_entry *grown = realloc(out->entries, (out->count + 1) * sizeof(*grown));
	if (!grown) {
		msg_format(err, errlen, "%s:%d: out of memory", file, lineno);
		return -1;
	}
	out->entries = grown;
	out->entries[out->count++] = e;
	return 0;
}

int kernels_list_parse(const char *text, const char *filename, struct kernel_list *out,
		       char *err, size_t errlen)
{
	out->entries = NULL;
	out->count = 0;
	char *copy = strdup(text);
	if (!copy) {
		msg_format(err, errlen, "%s: out of memory", filename);
		return -1;
	}
	int lineno = 0, rc = 0;
	char *save = NULL;
	/* strtok_r on "\n" would merge blank lines and shift numbers: walk by hand. */
	for (char *line = copy; line && !rc; line = save) {
		char *nl = strchr(line, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		lineno++;
		if (!nl && !*line)
			break;
		rc = parse_line(line, lineno, filename, out, err, errlen);
	}
	free(copy);
	if (rc) {
		kernels_list_free(out);
		return -1;
	}
	return 0;
}

int kernels_list_load(const char *path, struct kernel_list *out, char *err, size_t errlen)
{
	char *text = fs_read_file(path, NULL);
	if (!text) {
		msg_format(err, errlen, "%s: cannot read: %m", path);
		return -1;
	}
	int rc = kernels_list_parse(text, path, out, err, errlen);
	free(text);
	return rc;
}

void kernels_list_free(struct kernel_list *list)
{
	free(list->entries);
	list->entries = NULL;
	list->count = 0;
}

const struct kernel_entry *kernels_list_find(const struct kernel_list *list, const char *name)
{
	for (size_t i = 0; i < list->count; i++)
		if (strcmp(list->entries[i].name, name) == 0)
			return &list->entries[i];
	return NULL;
}

void kernels_list_names(const struct kernel_list *list, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < list->count && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
					 list->entries[i].name);
}

const char *kernel_source_name(enum kernel_source source)
{
	return source == KERNEL_SOURCE_DEBIAN ? "debian" : "dir";
}
