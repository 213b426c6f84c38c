// SPDX-License-Identifier: GPL-2.0-only
#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static void vline(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, f);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	fflush(f);
}

void msg_stage(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vline(stdout, "==> ", fmt, ap);
	va_end(ap);
}

void msg_info(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vline(stdout, "    ", fmt, ap);
	va_end(ap);
}

void msg_error(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	va_start(ap, fmt);
	vline(stderr, "backport: error: ", fmt, ap);
	va_end(ap);
}

void msg_warn(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	va_start(ap, fmt);
	vline(stderr, "backport: warning: ", fmt, ap);
	va_end(ap);
}

void msg_format(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	if (!buf || !len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

double msg_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
