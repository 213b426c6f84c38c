/* SPDX-License-Identifier: GPL-2.0-only */
/* The hardenings: each one semantic patch under cocci/, with what a maintainer needs to send
 * its patch (subject, why) and its sysctl documentation, if it has one. */
#ifndef HB_FEATURE_TABLE_H
#define HB_FEATURE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

struct feature {
	const char *name;        /* cocci/NAME.cocci */
	const char *subject;     /* the patch's Subject, after "[PATCH] " */
	const char *why;         /* paragraph for the patch description */
	const char *sysctl;      /* kernel.SYSCTL documented by the driver, or NULL */
	const char *doc_body;    /* its documentation paragraph */
	/* A Kconfig option the C change reads (CONFIG_SYMBOL, behind #ifdef, so that the
	 * change builds without it too): added before "config ANCHOR" in the first of FILES
	 * that declares ANCHOR, when the C diff names it and the tree lacks it. */
	const char *kconfig_symbol;
	const char *kconfig_anchor;
	const char *const *kconfig_files; /* NULL-terminated, relative to the tree */
	const char *kconfig_entry;        /* whole lines, each ending in '\n' */
	/* Every .c file the rule changes is compiled (allmodconfig); a file that builds
	 * without the change and not with it is left out of the patch. */
	bool compiler_decides;
	/* A tree where the rule changes nothing has the feature (there is nothing left to
	 * do): its report lists what it keeps unchanged, and why. */
	bool nothing_left_is_present;
};

extern const struct feature features[];
extern const size_t features_count;

const struct feature *feature_find(const char *name);
/* Parses "a,b,c" into a selection mask over features[]; -1 with the unknown name in err. */
int features_select(const char *list, unsigned *mask, char *err, size_t errlen);

#endif
