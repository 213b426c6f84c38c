// SPDX-License-Identifier: GPL-2.0-only
#include "utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

char *utf8_valid_copy(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), out = 0;
	char *copy = malloc(3 * n + 1); /* at worst every byte becomes the 3 of U+FFFD */
	if (!copy)
		abort();
	for (size_t i = 0; i < n;) {
		size_t l = u[i] < 0x80 ? 1 : utf8_sequence_len(u + i, n - i);
		if (l) {
			memcpy(copy + out, s + i, l);
			out += l;
			i += l;
		} else {
			memcpy(copy + out, "\xef\xbf\xbd", 3);
			out += 3;
			i++;
		}
	}
	copy[out] = '\0';
	return copy;
}
