/* SPDX-License-Identifier: GPL-2.0-only */
/* Adding a feature's Kconfig option to the tree: its entry goes right before the entry of a
 * neighbouring option (modules_restrict's before "config MODULE_UNLOAD", in init/Kconfig up
 * to 5.x and kernel/module/Kconfig from 5.19), or right after the entry of another where a
 * tree lacks that one, so that it lands inside the same menu and "if" block. */
#ifndef HB_KCONFIG_ENTRY_H
#define HB_KCONFIG_ENTRY_H

#include <stdbool.h>

/* Does TEXT (a Kconfig file) declare SYMBOL ("config SYMBOL" on a line of its own)? */
bool kconfig_declares(const char *text, const char *symbol);
/* TEXT with ENTRY (whole lines, ending in '\n') inserted before the line "config ANCHOR"
 * (malloc'd); NULL when TEXT does not declare ANCHOR. */
char *kconfig_insert_before(const char *text, const char *anchor, const char *entry);
/* TEXT with ENTRY inserted right after the entry of "config SYMBOL": before the next line
 * that starts in the first column (the next entry, menu, "if", "source" or comment), or at
 * the end (malloc'd); NULL when TEXT does not declare SYMBOL. */
char *kconfig_insert_after(const char *text, const char *symbol, const char *entry);

#endif
