/* SPDX-License-Identifier: GPL-2.0-only */
/* Whether a string begins or ends with another. */
#ifndef HB_PREFIX_SUFFIX_H
#define HB_PREFIX_SUFFIX_H

#include <stdbool.h>

bool str_starts_with(const char *s, const char *prefix);
bool str_ends_with(const char *s, const char *suffix);

#endif
