/* SPDX-License-Identifier: GPL-2.0-only */
/* Messages a person can follow: one line per stage, errors on stderr. */
#ifndef HB_MSG_H
#define HB_MSG_H

#include <stddef.h>

/* "==> what is happening" on stdout, flushed at once. */
void msg_stage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "    detail" on stdout. */
void msg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "backport: error: ..." on stderr. */
void msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "backport: warning: ..." on stderr. */
void msg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Format into a caller's buffer (errbuf convention of the parsers). */
void msg_format(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Seconds since an arbitrary monotonic origin, for stage timings. */
double msg_now(void);

#endif
