/* SPDX-License-Identifier: GPL-2.0-only */
/* What the driver tidies in a rule's diff before it writes it (a feature asks for it, struct
 * feature): Coccinelle 1.1.1 prints an initializer added from a multi-line identifier (a
 * ctl_table entry a rule builds in python) with a blank line before its closing brace, which
 * it cannot be made to print otherwise. */
#ifndef HB_DIFF_TIDY_H
#define HB_DIFF_TIDY_H

/* DIFF without an added blank line ("+" alone) that comes right after an added line and right
 * before an added closing brace ("+", tabs, "}" or "},"), each hunk's new count made right,
 * malloc'd. */
char *diff_drop_blank_before_brace(const char *diff);

#endif
