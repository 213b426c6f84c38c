/* SPDX-License-Identifier: GPL-2.0-only */
/* Checking that every option of a config fragment survived `make olddefconfig`. */
#ifndef HB_KCONFIG_CHECK_H
#define HB_KCONFIG_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* Compares FRAGMENT (CONFIG_X=y|m|value, "# CONFIG_X is not set") with the final CONFIG
 * text. Returns the number of options that did not survive, listing them in missing
 * ("CONFIG_X=y (got: not set)", one a line, malloc'd). An option on the line after
 * "# hb: since X.Y" is checked only in trees of version X.Y and later (read from CONFIG's
 * "# Linux/x86 X.Y.Z Kernel Configuration" header), one after "# hb: before X.Y" only in
 * trees older than X.Y; one after "# hb: where declared" only
 * where a Kconfig file of the tree at SRC declares it (an option a hardening adds: the
 * patched tree has it, the vanilla one does not; with SRC NULL, never). An option =m on the
 * line after "# hb: or built in" is also met by =y. One after "# hb: unless it selects Z"
 * is left out where the tree at SRC's entry of it selects Z (an option that would pull in
 * a heavy subsystem there: kconfig_fragment_for() leaves it out of the build). The options
 * left unchecked so are listed in *ABSENT when not NULL ("CONFIG_X, CONFIG_Y (it selects Z)",
 * malloc'd). */
int kconfig_check(const char *fragment, const char *config, const char *src, char **missing,
		  char **absent);

/* Whether a Kconfig file (Kconfig, Kconfig.*) of the tree at SRC declares SYMBOL ("X" of
 * CONFIG_X) with a "config X" or "menuconfig X" line. */
bool kconfig_declared(const char *src, const char *symbol);

/* Whether the entry of SYMBOL in the tree at SRC has a line "select TARGET". */
bool kconfig_selects(const char *src, const char *symbol, const char *target);

/* FRAGMENT as the build of the tree at SRC merges it: without the options whose "# hb:
 * unless it selects Z" marker holds there (malloc'd). */
char *kconfig_fragment_for(const char *fragment, const char *src);

#endif
