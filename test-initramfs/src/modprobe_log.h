/* SPDX-License-Identifier: GPL-2.0-only */
/* The log /sbin/modprobe keeps at HB_MODPROBE_LOG, one line per event:
 *   request NAME          the kernel ran modprobe for NAME
 *   loaded NAME MODULE    MODULE (resolved from NAME) is now loaded
 *   builtin NAME          NAME is built into the kernel
 *   failed NAME REASON    nothing could be loaded for NAME
 * Tests mark the log size before a trigger and count "request" lines after. */
#ifndef HB_MODPROBE_LOG_H
#define HB_MODPROBE_LOG_H

#include <sys/types.h>

/* Appends one line (a newline is added) in a single O_APPEND write. */
int modlog_append(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Current size of the log; 0 when it does not exist. */
off_t modlog_mark(void);

/* Counts "request" lines written after MARK, for NAME only unless NAME is
 * NULL; NAME may list alternatives, "sch_prio|net-sch-prio". With print_diag, each counted line is printed as a KTAP diagnostic. */
int modlog_requests_since(off_t mark, const char *name, int print_diag);

/* Prints every line written after MARK as diagnostics. */
void modlog_print_since(off_t mark);

#endif
