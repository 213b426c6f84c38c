// SPDX-License-Identifier: GPL-2.0-only
#include "fsutil.h"

#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *out = NULL;
	va_start(ap, fmt);
	int n = vasprintf(&out, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();
	return out;
}

void *xrealloc(void *p, size_t size)
{
	void *grown = realloc(p, size ? size : 1);
	if (!grown)
		abort();
	return grown;
}

char *fs_join(const char *a, const char *b)
{
	size_t la = strlen(a);
	return xasprintf("%s%s%s", a, (la && a[la - 1] == '/') ? "" : "/", b);
}

char *fs_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, used = 0;
	char *buf = malloc(cap);
	while (buf) {
		size_t got = fread(buf + used, 1, cap - used - 1, f);
		used += got;
		if (used + 1 < cap)
			break;
		cap *= 2;
		char *grown = realloc(buf, cap);
		if (!grown) {
			free(buf);
			buf = NULL;
		}
		buf = grown;
	}
	int failed = ferror(f);
	fclose(f);
	if (!buf || failed) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[used] = '\0';
	if (len)
		*len = used;
	return buf;
}

int fs_write_file_atomic(const char *path, const char *data, size_t len)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		done += (size_t)w;
	}
	int rc = (done == len && fsync(fd) == 0) ? 0 : -1;
	if (close(fd) != 0)
		rc = -1;
	if (rc == 0)
		rc = rename(tmp, path);
	if (rc != 0)
		unlink(tmp);
	free(tmp);
	return rc;
}

int fs_mkdir_p(const char *path, unsigned mode)
{
	char buf[PATH_MAX];
	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, mode) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, mode) != 0 && errno != EEXIST)
		return -1;
	return fs_is_dir(buf) ? 0 : (errno = ENOTDIR, -1);
}

static int make_writable(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type == FTW_D || type == FTW_DNR)
		chmod(path, (st->st_mode & 07777) | S_IRWXU);
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	int rc = (type == FTW_DP) ? rmdir(path) : unlink(path);
	return (rc != 0 && errno != ENOENT) ? -1 : 0;
}

int fs_remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	nftw(path, make_writable, 64, FTW_PHYS);
	return nftw(path, remove_entry, 64, FTW_DEPTH | FTW_PHYS);
}

bool fs_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

bool fs_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

double fs_age_seconds(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	return difftime(time(NULL), st.st_mtime);
}

bool fs_is_kernel_tree(const char *dir, char *err, size_t errlen)
{
	/* each path, or its alternative: before 2.6.35 there was no top-level Kconfig, and
	 * arch/x86/Kconfig was the root (2.6.32) */
	static const struct {
		const char *path, *or_path;
	} must[] = { { "Makefile", NULL },	{ "Kconfig", "arch/x86/Kconfig" },
		     { "kernel", NULL },	{ "include/linux", NULL },
		     { "scripts", NULL },	{ "arch/x86", NULL } };
	if (!fs_is_dir(dir)) {
		msg_format(err, errlen, "%s is not a directory", dir);
		return false;
	}
	for (size_t i = 0; i < sizeof(must) / sizeof(must[0]); i++) {
		char *p = fs_join(dir, must[i].path);
		char *q = must[i].or_path ? fs_join(dir, must[i].or_path) : NULL;
		bool ok = fs_exists(p) || (q && fs_exists(q));
		free(p);
		free(q);
		if (!ok) {
			msg_format(err, errlen, "%s is not a Linux kernel tree (no %s)", dir,
				   must[i].path);
			return false;
		}
	}
	char version[64];
	fs_kernel_version(dir, version, sizeof(version));
	if (!version[0]) {
		msg_format(err, errlen,
			   "%s is not a Linux kernel tree (its Makefile has no VERSION/PATCHLEVEL)",
			   dir);
		return false;
	}
	return true;
}

static long makefile_number(const char *text, const char *key)
{
	size_t klen = strlen(key);
	for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (strncmp(line, key, klen) != 0)
			continue;
		const char *p = line + klen;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '=')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			return -1;
		return strtol(p, NULL, 10);
	}
	return -1;
}

void fs_kernel_version(const char *dir, char *buf, size_t len)
{
	char *mk = fs_join(dir, "Makefile");
	char *text = fs_read_file(mk, NULL);
	free(mk);
	buf[0] = '\0';
	if (!text)
		return;
	long v = makefile_number(text, "VERSION"), p = makefile_number(text, "PATCHLEVEL");
	long s = makefile_number(text, "SUBLEVEL");
	if (v >= 0 && p >= 0)
		snprintf(buf, len, "%ld.%ld.%ld", v, p, s < 0 ? 0 : s);
	free(text);
}

bool fs_path_inside(const char *path, const char *dir)
{
	char rdir[PATH_MAX], rpath[PATH_MAX], probe[PATH_MAX];
	if (!realpath(dir, rdir))
		return false;
	/* The path may not exist yet: resolve its longest existing prefix. */
	snprintf(probe, sizeof(probe), "%s", path);
	while (!realpath(probe, rpath)) {
		char *slash = strrchr(probe, '/');
		if (!slash || slash == probe) {
			if (!getcwd(rpath, sizeof(rpath)))
				return false;
			break;
		}
		*slash = '\0';
	}
	size_t n = strlen(rdir);
	return strncmp(rpath, rdir, n) == 0 && (rpath[n] == '/' || rpath[n] == '\0');
}

bool fs_on_path(const char *program)
{
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	char *copy = strdup(path);
	bool found = false;
	char *save = NULL;
	for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *p = fs_join(d, program);
		found = access(p, X_OK) == 0;
		free(p);
	}
	free(copy);
	return found;
}

bool fs_is_c_file(const char *path)
{
	size_t len = strlen(path);
	return len > 2 && strcmp(path + len - 2, ".c") == 0;
}

bool fs_is_c_or_header(const char *path)
{
	size_t len = strlen(path);
	return len > 2 && (strcmp(path + len - 2, ".c") == 0 || strcmp(path + len - 2, ".h") == 0);
}

void fs_free_list(char **list)
{
	for (char **p = list; p && *p; p++)
		free(*p);
	free(list);
}

size_t fs_list_len(char *const *list)
{
	size_t n = 0;
	while (list && list[n])
		n++;
	return n;
}

void fs_list_add(char ***list, size_t *n, char *item)
{
	*list = xrealloc(*list, (*n + 2) * sizeof(char *));
	(*list)[(*n)++] = item;
	(*list)[*n] = NULL;
}

static int by_strcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void fs_sort_list(char **list, size_t n)
{
	if (n > 1)
		qsort(list, n, sizeof(char *), by_strcmp);
}
