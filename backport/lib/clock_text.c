// SPDX-License-Identifier: GPL-2.0-only
#include "clock_text.h"

#include <time.h>

static void format_now(char *buf, size_t len, const char *format)
{
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	if (!strftime(buf, len, format, &tm) && len)
		buf[0] = '\0';
}

void clock_iso8601(char *buf, size_t len)
{
	format_now(buf, len, "%Y-%m-%dT%H:%M:%SZ");
}

void clock_compact(char *buf, size_t len)
{
	format_now(buf, len, "%Y%m%d-%H%M%S");
}
