/* SPDX-License-Identifier: GPL-2.0-only */
/* SHA-256 as lowercase hex, with OpenSSL's libcrypto (Debian's libssl-dev, which the kernel
 * builds need anyway). */
#ifndef HB_SHA256_H
#define HB_SHA256_H

#include <stddef.h>

#define SHA256_HEX_LEN 64

/* OUT (65 bytes) gets the hex digest of LEN bytes of DATA. */
void sha256_hex(const void *data, size_t len, char out[SHA256_HEX_LEN + 1]);
/* Of the file at PATH: 0, or -1 when it cannot be read. */
int sha256_hex_file(const char *path, char out[SHA256_HEX_LEN + 1]);

#endif
