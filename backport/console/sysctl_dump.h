/* SPDX-License-Identifier: GPL-2.0-only */
/* The guest's sysctl dumps, cut out of its console (the blocks features/sysctl_dump_format.h
 * describes): for each, the command line and the KEY = VALUE lines in the form
 * kernel-hardening-checker reads, which stops at any other line. */
#ifndef HB_SYSCTL_DUMP_H
#define HB_SYSCTL_DUMP_H

#include <stdbool.h>
#include <stddef.h>

struct sysctl_dump {
	char label[32];   /* "boot", "end" */
	char *cmdline;    /* the guest's /proc/cmdline, one line; "" when the block had none */
	char *text;       /* the KEY = VALUE lines, each ending in '\n' */
	size_t lines;     /* how many */
	size_t dropped;   /* other lines inside the block (a kernel message) left out */
	long printed;     /* the count the guest's end marker gives, -1 when it never came */
};

/* Whether LINE (LEN bytes, no newline) is one the tool reads: KEY ?= VALUE, KEY of letters,
 * digits and "/ * . _ -". */
bool sysctl_dump_line_ok(const char *line, size_t len);
/* Every block in TEXT (LEN bytes, NULs allowed), in order. A block whose end marker is missing
 * (the guest died in it) is kept with printed = -1. 0, or -1 when out of memory. */
int sysctl_dumps_cut(const char *text, size_t len, struct sysctl_dump **out, size_t *n);
void sysctl_dumps_free(struct sysctl_dump *d, size_t n);
/* The value of KEY in D (the last line of it; malloc'd), or NULL when D has no such key. */
char *sysctl_dump_value(const struct sysctl_dump *d, const char *key);
/* Is D whole: its end marker came, and its count is the lines kept? */
bool sysctl_dump_whole(const struct sysctl_dump *d);

#endif
