/* SPDX-License-Identifier: GPL-2.0-only */
/* Adding a sysctl's entry to the tree's sysctl documentation, in the file's own format:
 * Documentation/admin-guide/sysctl/kernel.rst (reStructuredText sections, newer trees) or
 * Documentation/sysctl/kernel.txt (a "- name" list and '='-separated sections, 2.6.x). */
#ifndef HB_DOC_SYSCTL_H
#define HB_DOC_SYSCTL_H

#include <stdbool.h>

enum doc_format { DOC_FORMAT_RST, DOC_FORMAT_TXT };

/* Is NAME already documented in TEXT (a section titled NAME)? */
bool doc_sysctl_has(const char *text, enum doc_format format, const char *name);
/* TEXT with NAME's entry inserted in alphabetical place (malloc'd); BODY is the paragraph,
 * lines separated by '\n' without a final one. NULL when TEXT has no place for it. */
char *doc_sysctl_insert(const char *text, enum doc_format format, const char *name,
			const char *body);

#endif
