/* SPDX-License-Identifier: GPL-2.0-only */
/* Reading the kernel log's records from /dev/kmsg (as root): the ones written after a
 * mark, and how long ago the newest one matching a text was written. */
#ifndef HB_KMSG_H
#define HB_KMSG_H

#include <stddef.h>

/* A descriptor of /dev/kmsg positioned after its newest record, or -errno. */
int hb_kmsg_mark(void);

/* Reads the records written after the mark of FD (each once); counts the messages that
 * contain every one of the NULL-terminated TEXTS, printing them as diagnostics up to
 * SHOW of them. Returns the count, or -errno. */
int hb_kmsg_count(int fd, const char *const *texts, int show);

/* *AGE_US: microseconds since the newest record containing TEXT was written (the kernel's
 * clock of /dev/kmsg). Returns 0, -ENOENT when no record in the buffer contains it, or
 * -errno. */
int hb_kmsg_age_us(const char *text, long long *age_us);

#endif
