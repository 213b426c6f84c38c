// SPDX-License-Identifier: GPL-2.0-only
#include "utf8.h"

#include <stdint.h>

size_t utf8_sequence_len(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : s[0] < 0xf5 ? 4 : 0;
	if (!len || len > n)
		return 0;
	uint32_t cp = s[0] & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (cp < min[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}
