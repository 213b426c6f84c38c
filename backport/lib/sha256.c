// SPDX-License-Identifier: GPL-2.0-only
#include "sha256.h"

#include "fsutil.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>

void sha256_hex(const void *data, size_t len, char out[SHA256_HEX_LEN + 1])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	if (!EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) || n != SHA256_HEX_LEN / 2)
		abort(); /* no SHA-256 in libcrypto: nothing sensible to go on with */
	for (unsigned int i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", md[i]);
	out[SHA256_HEX_LEN] = '\0';
}

int sha256_hex_file(const char *path, char out[SHA256_HEX_LEN + 1])
{
	size_t len = 0;
	char *text = fs_read_file(path, &len);
	if (!text)
		return -1;
	sha256_hex(text, len, out);
	free(text);
	return 0;
}
