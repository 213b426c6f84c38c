// SPDX-License-Identifier: GPL-2.0-only
#include "kaddr.h"

#include <string.h>

#define KADDR_DIGITS 16

/* ~0 << n for some n (all ones included): its ones are all above its zeros. */
static bool is_high_mask(uint64_t v)
{
	uint64_t low_zeros = ~v;	/* (1 << n) - 1 when v is such a mask */

	return (low_zeros & (low_zeros + 1)) == 0;
}

bool kaddr_value_is_kernel(uint64_t v)
{
	bool in_span = (v >= KADDR_DIRECT_MAP_START && v <= KADDR_RANDOMIZED_END) ||
		       (v >= KADDR_KERNEL_MAP_START && v <= KADDR_FIXMAP_END);

	return in_span && !is_high_mask(v);
}

static bool is_word_char(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       c == '_';
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The word starting at BUF[i] (a word boundary) as a token: 1 with its value
 * in *v when it is "0x" and 16 hex digits, or 16 hex digits, and nothing more. */
static bool word_token(const char *buf, size_t len, size_t i, uint64_t *v)
{
	size_t n = 0;

	if (i + 1 < len && buf[i] == '0' && (buf[i + 1] == 'x' || buf[i + 1] == 'X'))
		i += 2;
	*v = 0;
	for (; i < len && hex_value(buf[i]) >= 0 && n <= KADDR_DIGITS; i++, n++)
		*v = (*v << 4) | (uint64_t)hex_value(buf[i]);
	return n == KADDR_DIGITS && (i == len || !is_word_char(buf[i]));
}

/* Labels of /proc/PID/status whose values are 64-bit bitmaps of signals or
 * capabilities: a process that handles most real-time signals has a SigCgt
 * such as fffffffff7b8feff, which lies in module space. */
static const char *const bitmap_labels[] = {
	"SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt",
	"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb",
};

/* Is the word at BUF[i] the value of "LABEL:" (then blanks) for a bitmap label? */
static bool labelled_bitmap(const char *buf, size_t i)
{
	size_t end;

	while (i > 0 && (buf[i - 1] == ' ' || buf[i - 1] == '\t'))
		i--;
	if (i == 0 || buf[i - 1] != ':')
		return false;
	end = --i;
	while (i > 0 && is_word_char(buf[i - 1]))
		i--;
	for (size_t k = 0; k < sizeof(bitmap_labels) / sizeof(bitmap_labels[0]); k++)
		if (end - i == strlen(bitmap_labels[k]) &&
		    !memcmp(buf + i, bitmap_labels[k], end - i))
			return true;
	return false;
}

size_t kaddr_count(const char *buf, size_t len)
{
	size_t count = 0, i = 0;

	while (i < len) {
		uint64_t v;

		if (!is_word_char(buf[i])) {
			i++;
			continue;
		}
		if (word_token(buf, len, i, &v) && kaddr_value_is_kernel(v) &&
		    !labelled_bitmap(buf, i))
			count++;
		while (i < len && is_word_char(buf[i]))	/* to the end of this word */
			i++;
	}
	return count;
}
