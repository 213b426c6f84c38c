/* SPDX-License-Identifier: GPL-2.0-only */
/* kernel.modules_restrict and kernel.modules_disabled as the module tests
 * see them. */
#ifndef HB_MODULES_STATE_H
#define HB_MODULES_STATE_H

/* 0 with *level set, or -errno (-ENOENT on a kernel without the sysctl). */
int hb_restrict_get(long *level);
/* Writes LEVEL and reads it back: 0, -errno of the write, or -EIO when the
 * value read back differs. Prints a diagnostic on failure. */
int hb_restrict_set(long level);

/* Reads kernel.modules_disabled; prints a diagnostic and remembers it if
 * the value is not 0. WHEN names the step for the diagnostic. */
void hb_disabled_check(const char *when);
/* 1 if any hb_disabled_check() so far saw a value other than 0 (or could
 * not read it). */
int hb_disabled_ever_bad(void);

#endif
