/* SPDX-License-Identifier: GPL-2.0-only */
/* Text for XML 1.0 (junit.xml): markup characters as entities, characters XML cannot hold
 * (control characters, invalid UTF-8) as U+FFFD. */
#ifndef HB_XML_ESCAPE_H
#define HB_XML_ESCAPE_H

#include <stdbool.h>
#include <stdio.h>

/* Writes S escaped; in an ATTRIBUTE value, tab and line ends become character references too
 * (so that they survive attribute-value normalisation). NULL writes nothing. */
void xml_escape(FILE *f, const char *s, bool attribute);
/* The same into a malloc'd string. */
char *xml_escaped(const char *s, bool attribute);

#endif
