/* SPDX-License-Identifier: GPL-2.0-only */
/* UTF-8 checking for the writers of JSON and XML: a byte that starts no valid sequence is
 * written as U+FFFD. */
#ifndef HB_UTF8_H
#define HB_UTF8_H

#include <stddef.h>

/* Length (2..4) of the valid multi-byte sequence at S, within N bytes; 0 if invalid or ASCII. */
size_t utf8_sequence_len(const unsigned char *s, size_t n);
/* A copy of S (malloc'd; aborts on no memory) in which every byte that starts no valid
 * sequence is U+FFFD: valid UTF-8 throughout. */
char *utf8_valid_copy(const char *s);

#endif
