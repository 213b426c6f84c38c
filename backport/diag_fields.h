/* Numbers in the guest's measurement lines ("KEY=N" in a KTAP diagnostic) and in the JSON
 * that keeps them. */
#ifndef HB_DIAG_FIELDS_H
#define HB_DIAG_FIELDS_H

#include "json.h"

#include <stdbool.h>

/* "KEY=DIGITS" at *S followed by a blank or the end; advances *S past the blanks after it. */
bool diag_field(const char **s, const char *key, long *out);
/* A whole number >= MIN at KEY of O. */
bool json_whole(const struct json_value *o, const char *key, long min, long *out);

#endif
