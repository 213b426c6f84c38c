/* SPDX-License-Identifier: GPL-2.0-only */
/* Names that differ between kernel eras, written as one string with '|' between them:
 * "sch_prio|net-sch-prio" (what the kernel asks modprobe for before and from 6.4),
 * "aes_generic|aes" (the module's name up to 6.x and in 7.x). */
#ifndef HB_ALT_NAMES_H
#define HB_ALT_NAMES_H

#include <stddef.h>

/* Copies the first name of ALTS into OUT (truncated to LEN - 1); returns the rest, after
 * its '|', or NULL when that was the last. Walk a list with
 *   for (const char *n = alts; n;) { n = hb_alt_next(n, name, sizeof(name)); ... } */
const char *hb_alt_next(const char *alts, char *out, size_t len);

#endif
