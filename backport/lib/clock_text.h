/* SPDX-License-Identifier: GPL-2.0-only */
/* The wall-clock time as text, in UTC: for reports and their folder names. */
#ifndef HB_CLOCK_TEXT_H
#define HB_CLOCK_TEXT_H

#include <stddef.h>

/* "2026-12-03T10:34:15Z" */
void clock_iso8601(char *buf, size_t len);
/* "20261203-103415" */
void clock_compact(char *buf, size_t len);

#endif
