// SPDX-License-Identifier: GPL-2.0-only
#include "modprobe_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alt_names.h"
#include "hb_paths.h"
#include "ktap.h"

int modlog_append(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int len, fd;
	ssize_t n;

	va_start(ap, fmt);
	len = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (len < 0)
		return -EINVAL;
	if ((size_t)len > sizeof(line) - 2)
		len = (int)sizeof(line) - 2;
	line[len++] = '\n';
	fd = open(HB_MODPROBE_LOG, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	n = write(fd, line, (size_t)len);
	close(fd);
	return n == len ? 0 : -EIO;
}

off_t modlog_mark(void)
{
	struct stat st;

	return stat(HB_MODPROBE_LOG, &st) == 0 ? st.st_size : 0;
}

/* Calls fn for every complete line after MARK; returns the sum of its results. */
static int for_lines_since(off_t mark, int (*fn)(const char *line, const void *arg),
			   const void *arg)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int total = 0;
	FILE *f = fopen(HB_MODPROBE_LOG, "re");

	if (!f)
		return 0;
	if (fseeko(f, mark, SEEK_SET) == 0) {
		while ((len = getline(&line, &cap, f)) > 0) {
			if (line[len - 1] == '\n')
				line[len - 1] = '\0';
			total += fn(line, arg);
		}
	}
	free(line);
	fclose(f);
	return total;
}

struct request_filter {
	const char *name;
	int print_diag;
};

/* Is GOT one of the names of WANT (alt_names.h)? */
static int name_is_one_of(const char *want, const char *got)
{
	char name[256];

	for (const char *w = want; w;) {
		w = hb_alt_next(w, name, sizeof(name));
		if (!strcmp(name, got))
			return 1;
	}
	return 0;
}

static int count_request(const char *line, const void *arg)
{
	const struct request_filter *rf = arg;
	static const char prefix[] = "request ";

	if (strncmp(line, prefix, sizeof(prefix) - 1))
		return 0;
	if (rf->name && !name_is_one_of(rf->name, line + sizeof(prefix) - 1))
		return 0;
	if (rf->print_diag)
		ktap_diag("modprobe log: %s", line);
	return 1;
}

int modlog_requests_since(off_t mark, const char *name, int print_diag)
{
	struct request_filter rf = { .name = name, .print_diag = print_diag };

	return for_lines_since(mark, count_request, &rf);
}

static int print_line(const char *line, const void *arg)
{
	(void)arg;
	ktap_diag("modprobe log: %s", line);
	return 1;
}

void modlog_print_since(off_t mark)
{
	for_lines_since(mark, print_line, NULL);
}
