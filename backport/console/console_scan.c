// SPDX-License-Identifier: GPL-2.0-only
/* Console log scanning for kernel trouble: see console_scan.h. */
#include "console_scan.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A message that starts with `start` (and contains `also`, if set). */
struct pattern {
	const char *start;
	const char *also;
	unsigned kinds;
};

static const struct pattern patterns[] = {
	{ "Oops: general protection fault", NULL, CONSOLE_OOPS | CONSOLE_GPF },
	{ "Oops: ", NULL, CONSOLE_OOPS },
	{ "Oops[", NULL, CONSOLE_OOPS },
	{ "Oops - ", NULL, CONSOLE_OOPS },
	{ "Internal error: Oops", NULL, CONSOLE_OOPS },
	{ "BUG: unable to handle ", NULL, CONSOLE_BUG | CONSOLE_PAGE_FAULT },
	{ "BUG: soft lockup", NULL, CONSOLE_BUG | CONSOLE_STALL },
	{ "BUG: ", NULL, CONSOLE_BUG },
	{ "kernel BUG at ", NULL, CONSOLE_BUG },
	{ "WARNING: CPU: ", NULL, CONSOLE_WARNING },
	{ "WARNING: at ", NULL, CONSOLE_WARNING },
	/* lockdep and RCU-lockdep reports */
	{ "WARNING: possible ", NULL, CONSOLE_WARNING },
	{ "WARNING: suspicious RCU usage", NULL, CONSOLE_WARNING },
	{ "WARNING: inconsistent lock state", NULL, CONSOLE_WARNING },
	{ "WARNING: bad unlock balance", NULL, CONSOLE_WARNING },
	{ "WARNING: held lock freed", NULL, CONSOLE_WARNING },
	{ "WARNING: lock held when returning", NULL, CONSOLE_WARNING },
	{ "WARNING: Nested lock was not taken", NULL, CONSOLE_WARNING },
	{ "WARNING: kernel stack ", NULL, CONSOLE_WARNING },
	{ "Kernel panic - not syncing", NULL, CONSOLE_PANIC },
	{ "general protection fault", NULL, CONSOLE_GPF },
	{ "Unable to handle kernel ", NULL, CONSOLE_PAGE_FAULT },
	{ "UBSAN: ", NULL, CONSOLE_UBSAN },
	{ "watchdog: BUG: soft lockup", NULL, CONSOLE_BUG | CONSOLE_STALL },
	{ "watchdog: Watchdog detected hard LOCKUP", NULL, CONSOLE_STALL },
	{ "NMI watchdog: Watchdog detected hard LOCKUP", NULL, CONSOLE_STALL },
	{ "rcu: INFO: rcu_", "stall", CONSOLE_STALL },
	{ "INFO: rcu_", "stall", CONSOLE_STALL },
	{ "INFO: task ", "blocked for more than", CONSOLE_STALL },
	{ "Call Trace:", NULL, CONSOLE_CALL_TRACE },
	{ "Call trace:", NULL, CONSOLE_CALL_TRACE },
};

static bool starts(const char *s, size_t n, const char *pat)
{
	size_t m = strlen(pat);
	return n >= m && memcmp(s, pat, m) == 0;
}

static size_t skip_digits(const char *s, size_t n, size_t i)
{
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	return i;
}

/* Length of a "<4>", "[  12.345678]" or "[    T1]" prefix at s, 0 if none. */
static size_t printk_prefix(const char *s, size_t n)
{
	size_t i, d;
	if (n >= 3 && s[0] == '<') {
		i = skip_digits(s, n, 1);
		return (i > 1 && i < n && s[i] == '>') ? i + 1 : 0;
	}
	if (n < 3 || s[0] != '[')
		return 0;
	i = 1;
	while (i < n && s[i] == ' ')
		i++;
	if (i < n && (s[i] == 'T' || s[i] == 'C')) {
		d = skip_digits(s, n, i + 1);
		return (d > i + 1 && d < n && s[d] == ']') ? d + 1 : 0;
	}
	d = skip_digits(s, n, i);
	if (d == i || d >= n || s[d] != '.')
		return 0;
	i = skip_digits(s, n, d + 1);
	return (i > d + 1 && i < n && s[i] == ']') ? i + 1 : 0;
}

unsigned console_scan_line(const char *line, size_t len)
{
	const char *s = line;
	size_t n = len;
	while (n && s[0] == '\r') {
		s++;
		n--;
	}
	for (size_t p; (p = printk_prefix(s, n)) != 0;) {
		s += p;
		n -= p;
		if (n && s[0] == ' ' && (n < 2 || s[1] != '['))
			s++, n--;
	}
	/* "Call Trace:" may be indented; the other messages start the line */
	size_t lead = 0;
	while (lead < n && s[lead] == ' ')
		lead++;
	for (size_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++) {
		const struct pattern *pt = &patterns[i];
		size_t off = (pt->kinds == CONSOLE_CALL_TRACE) ? lead : 0;
		if (!starts(s + off, n - off, pt->start))
			continue;
		if (pt->also && !memmem(s, n, pt->also, strlen(pt->also)))
			continue;
		return pt->kinds;
	}
	return 0;
}

static char *copy_line(const char *s, size_t n)
{
	while (n && s[0] == '\r')
		s++, n--;
	while (n && s[n - 1] == '\r')
		n--;
	char *c = malloc(n + 1);
	if (!c)
		return NULL;
	for (size_t i = 0; i < n; i++)
		c[i] = s[i] ? s[i] : ' ';
	c[n] = '\0';
	return c;
}

int console_scan(const char *text, size_t len, struct console_scan *out)
{
	memset(out, 0, sizeof(*out));
	const char *first = NULL, *first_any = NULL;
	size_t first_len = 0, any_len = 0, first_no = 0, any_no = 0;
	unsigned first_k = 0, any_k = 0;
	size_t line_no = 0;

	for (size_t i = 0; i < len;) {
		const char *s = text + i;
		const char *nl = memchr(s, '\n', len - i);
		size_t n = nl ? (size_t)(nl - s) : len - i;
		i += n + 1;
		line_no++;
		unsigned k = console_scan_line(s, n);
		if (!k)
			continue;
		out->kinds |= k;
		out->count++;
		if (!first_any) {
			first_any = s, any_len = n, any_no = line_no, any_k = k;
		}
		if (!first && (k & CONSOLE_SERIOUS)) {
			first = s, first_len = n, first_no = line_no, first_k = k;
		}
	}
	if (!first) {
		first = first_any, first_len = any_len, first_no = any_no, first_k = any_k;
	}
	if (first) {
		out->first_line = copy_line(first, first_len);
		if (!out->first_line) {
			memset(out, 0, sizeof(*out));
			return -1;
		}
		out->first_line_no = first_no;
		out->first_kinds = first_k;
	}
	return 0;
}

void console_scan_free(struct console_scan *s)
{
	free(s->first_line);
	memset(s, 0, sizeof(*s));
}

bool console_scan_trouble(const struct console_scan *s)
{
	return (s->kinds & CONSOLE_SERIOUS) != 0;
}

const char *console_problem_name(enum console_problem kind)
{
	switch (kind) {
	case CONSOLE_OOPS:
		return "oops";
	case CONSOLE_BUG:
		return "bug";
	case CONSOLE_WARNING:
		return "warning";
	case CONSOLE_PANIC:
		return "panic";
	case CONSOLE_GPF:
		return "gpf";
	case CONSOLE_PAGE_FAULT:
		return "page-fault";
	case CONSOLE_UBSAN:
		return "ubsan";
	case CONSOLE_STALL:
		return "stall";
	case CONSOLE_CALL_TRACE:
		return "call-trace";
	}
	return "?";
}

void console_kinds_format(unsigned mask, char *buf, size_t len)
{
	if (!buf || !len)
		return;
	buf[0] = '\0';
	size_t used = 0;
	for (unsigned bit = 1; bit <= CONSOLE_CALL_TRACE; bit <<= 1) {
		if (!(mask & bit))
			continue;
		int w = snprintf(buf + used, len - used, "%s%s", used ? "," : "",
				 console_problem_name((enum console_problem)bit));
		if (w < 0 || (size_t)w >= len - used) {
			buf[used] = '\0'; /* whole names only */
			return;
		}
		used += (size_t)w;
	}
}
