// SPDX-License-Identifier: GPL-2.0-only
#include "fnv_hash.h"

uint64_t fnv1a_more(uint64_t h, const char *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)data[i]) * 0x100000001b3ull;
	return h;
}

uint64_t fnv1a_hash(const char *data, size_t len)
{
	return fnv1a_more(FNV1A_BASIS, data, len);
}
