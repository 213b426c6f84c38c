/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scanning a guest's console log for signs of kernel trouble.
 *
 * Only kernel message shapes are matched: the pattern must start the line,
 * after an optional printk prefix ("<4>", "[   12.345678] ", "[    T1] ")
 * and, for some, a subsystem prefix the kernel prints ("watchdog: ",
 * "rcu: ").  So "not ok 3 no_warning_seen" or "# checking for Oops" are
 * not trouble, while "[    1.2] WARNING: CPU: 0 PID: 1 at ..." is.
 */
#ifndef HB_CONSOLE_SCAN_H
#define HB_CONSOLE_SCAN_H

#include <stdbool.h>
#include <stddef.h>

enum console_problem {
	CONSOLE_OOPS       = 1u << 0, /* "Oops: 0002 [#1] ...", "Oops: general protection fault ..." */
	CONSOLE_BUG        = 1u << 1, /* "BUG: ...", "kernel BUG at mm/slub.c:42!" */
	CONSOLE_WARNING    = 1u << 2, /* "WARNING: CPU: 0 PID: 1 at ...", lockdep "WARNING: possible ..." */
	CONSOLE_PANIC      = 1u << 3, /* "Kernel panic - not syncing: ..." */
	CONSOLE_GPF        = 1u << 4, /* "general protection fault ..." */
	CONSOLE_PAGE_FAULT = 1u << 5, /* "BUG: unable to handle ...", "Unable to handle kernel ..." */
	CONSOLE_UBSAN      = 1u << 6, /* "UBSAN: array-index-out-of-bounds in ..." */
	CONSOLE_STALL      = 1u << 7, /* soft/hard lockup, RCU stall, hung task */
	CONSOLE_CALL_TRACE = 1u << 8, /* "Call Trace:" (also printed by harmless dump_stack()) */
};

/* Every kind but CONSOLE_CALL_TRACE: what makes a run suspect by itself. */
#define CONSOLE_SERIOUS (CONSOLE_OOPS | CONSOLE_BUG | CONSOLE_WARNING | CONSOLE_PANIC | \
			 CONSOLE_GPF | CONSOLE_PAGE_FAULT | CONSOLE_UBSAN | CONSOLE_STALL)

struct console_scan {
	unsigned kinds;      /* enum console_problem bits seen anywhere */
	size_t count;        /* lines matching any kind, call traces included */
	char *first_line;    /* first line of a serious kind (else the first match),
				as printed without "\r\n"; NULL when nothing matched */
	size_t first_line_no;/* its 1-based line number, 0 if none */
	unsigned first_kinds;/* the kinds of first_line */
};

/* Kinds of one line (no newline needed; len bytes, NULs allowed). */
unsigned console_scan_line(const char *line, size_t len);

/* Scans a whole log.  Returns 0, or -1 when out of memory (*out empty). */
int console_scan(const char *text, size_t len, struct console_scan *out);
void console_scan_free(struct console_scan *s);

/* True when something of CONSOLE_SERIOUS was seen. */
bool console_scan_trouble(const struct console_scan *s);

/* Short name of one kind: "oops", "bug", "warning", "panic", "gpf",
 * "page-fault", "ubsan", "stall", "call-trace". */
const char *console_problem_name(enum console_problem kind);

/* Names of all kinds in mask, comma-separated, into buf ("" if none). */
void console_kinds_format(unsigned mask, char *buf, size_t len);

#endif
