// SPDX-License-Identifier: GPL-2.0-only
#include "xml_escape.h"

#include "utf8.h"

#include <stdlib.h>
#include <string.h>

void xml_escape(FILE *f, const char *s, bool attribute)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = s ? strlen(s) : 0;
	for (size_t i = 0; i < n;) {
		unsigned char c = u[i];
		size_t l;
		if (c == '&')
			fputs("&amp;", f);
		else if (c == '<')
			fputs("&lt;", f);
		else if (c == '>')
			fputs("&gt;", f);
		else if (c == '"' && attribute)
			fputs("&quot;", f);
		else if (c == '\'' && attribute)
			fputs("&apos;", f);
		else if ((c == '\n' || c == '\r' || c == '\t') && attribute)
			fprintf(f, "&#%d;", c);
		else if (c == '\n' || c == '\r' || c == '\t' || (c >= 0x20 && c < 0x7f))
			fputc(c, f);
		else if (c >= 0x80 && (l = utf8_sequence_len(u + i, n - i)) != 0) {
			/* U+FFFE and U+FFFF are no XML characters */
			bool nonchar = l == 3 && c == 0xef && u[i + 1] == 0xbf && u[i + 2] >= 0xbe;
			if (nonchar)
				fputs("\xef\xbf\xbd", f);
			else
				fwrite(u + i, 1, l, f);
			i += l;
			continue;
		} else
			fputs("\xef\xbf\xbd", f); /* U+FFFD */
		i++;
	}
}

char *xml_escaped(const char *s, bool attribute)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		abort();
	xml_escape(f, s, attribute);
	fclose(f);
	return text;
}
