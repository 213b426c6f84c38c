/* SPDX-License-Identifier: GPL-2.0-only */
/* FNV-1a, 64 bits: a quick hash of file contents, to tell whether they changed (not a digest
 * against tampering). */
#ifndef HB_FNV_HASH_H
#define HB_FNV_HASH_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_BASIS 0xcbf29ce484222325ull

/* The hash of LEN bytes of DATA. */
uint64_t fnv1a_hash(const char *data, size_t len);

/* H, a hash so far (FNV1A_BASIS to start), continued over LEN bytes of DATA. */
uint64_t fnv1a_more(uint64_t h, const char *data, size_t len);

#endif
