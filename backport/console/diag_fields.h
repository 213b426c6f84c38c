/* SPDX-License-Identifier: GPL-2.0-only */
/* Numbers in the guest's measurement lines ("KEY=N" in a KTAP diagnostic). */
#ifndef HB_DIAG_FIELDS_H
#define HB_DIAG_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

/* "KEY=DIGITS" at *S followed by a blank or the end; advances *S past the blanks after it. */
bool diag_field(const char **s, const char *key, long *out);

#endif
