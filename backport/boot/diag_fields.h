/* SPDX-License-Identifier: GPL-2.0-only */
/* Numbers in the guest's measurement lines ("KEY=N" in a KTAP diagnostic) and in the JSON
 * that keeps them. */
#ifndef HB_DIAG_FIELDS_H
#define HB_DIAG_FIELDS_H

#include "json.h"

#include <stdbool.h>
#include <stddef.h>

/* "KEY=DIGITS" at *S followed by a blank or the end; advances *S past the blanks after it. */
bool diag_field(const char **s, const char *key, long *out);
/* Is A an array (true) or absent/null (false, *err_set false)? Anything else: false with
 * *err_set true and "expected an array or null" in err. */
bool json_array_or_null(const struct json_value *a, bool *err_set, char *err, size_t errlen);
/* A whole number >= MIN at KEY of O. */
bool json_whole(const struct json_value *o, const char *key, long min, long *out);

#endif
