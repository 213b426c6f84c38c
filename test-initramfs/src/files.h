/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers for the small one-line files of /proc and /sys.
 * All return 0 (or a byte count) on success and -errno on failure. */
#ifndef HB_FILES_H
#define HB_FILES_H

#include <stddef.h>

/* Reads up to len-1 bytes, NUL-terminates; returns the byte count. */
int hb_read_file(const char *path, char *buf, size_t len);
/* Reads a decimal integer (leading/trailing blanks allowed). */
int hb_read_long(const char *path, long *out);
/* Opens for writing and writes s in one write(2); the errno of either step. */
int hb_write_str(const char *path, const char *s);
int hb_write_long(const char *path, long value);
int hb_exists(const char *path);
/* Writes value to the sysctl file path and checks that it reads back: 0, or -1 after a KTAP
 * diagnostic "set NAME=VALUE: ERROR, reads N" (NAME: the last part of path). */
int hb_sysctl_set(const char *path, long value);

#endif
