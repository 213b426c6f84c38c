/* SPDX-License-Identifier: GPL-2.0-only */
/* Adding a kernel command-line parameter's entry to the tree's list of them,
 * Documentation/admin-guide/kernel-parameters.txt (4.9 on) or Documentation/kernel-parameters.txt
 * (before): an entry is a line that starts with one tab and the parameter's name, its text on
 * the lines after it, indented by three tabs; the entries are in alphabetical order. */
#ifndef HB_DOC_PARAM_H
#define HB_DOC_PARAM_H

#include <stdbool.h>

/* Does TEXT have an entry for NAME ("modules_restrict=")? */
bool doc_param_has(const char *text, const char *name);
/* TEXT with NAME's entry inserted before the first entry that sorts after it (malloc'd): the
 * line "\tNAME", then BODY's lines (separated by '\n', without a final one), each indented by
 * three tabs, then a blank line. NULL when TEXT has no entry to place it among. */
char *doc_param_insert(const char *text, const char *name, const char *body);

#endif
