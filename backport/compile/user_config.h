/* SPDX-License-Identifier: GPL-2.0-only */
/* A kernel config of the user's own (`--config FILE`, /boot/config-$(uname -r) for example) as
 * the start of a build instead of tinyconfig: what it must have, where its builds go, and
 * which options of the test config were added to it. */
#ifndef HB_USER_CONFIG_H
#define HB_USER_CONFIG_H

#include <stddef.h>

/* Whether TEXT (a .config) can prove the hardenings: it sets some CONFIG_ option, and it
 * builds modules (a kernel without them has nothing to autoload: modules_restrict cannot be
 * proven). 0, or -1 with what is wrong in err. */
int user_config_usable(const char *text, char *err, size_t errlen);
/* The folder of CACHE/build/NAME its builds use: "config-XXXXXXXX" (its text's hash), so that
 * they never overwrite the test config's (malloc'd). */
char *user_config_tag(const char *text);
/* USER (a .config) as the build starts from it, malloc'd: debug information off (it triples a
 * distribution config's build time and swells its modules; what the kernel does is the same),
 * and a key or certificate file the config names that SRC, the tree, does not hold (Debian's
 * "debian/certs/...": its build adds them) cleared, module signing then using the key the
 * build makes. *CHANGED: what was changed and why, "" when nothing (malloc'd). */
char *user_config_adjust(const char *user, const char *src, char **changed);
/* FRAGMENT as it is merged into a user's config: what the tests need (its CONFIG_X=V lines)
 * is set, what it leaves out ("# CONFIG_X is not set": the test config's own trimming, IPv6,
 * VT, ...) stays as the user's config has it (the line becomes a comment of another form),
 * and a module the tests load may be built in ("# hb: or built in" before its line: a
 * distribution's config selects hmac or aes as =y). Malloc'd. */
char *user_config_fragment(const char *fragment);
/* The options of FRAGMENT (CONFIG_X=V lines) that the final .config FINAL has and USER did not
 * set to that value: what the tests added or changed, "CONFIG_X=m, CONFIG_Y=y" (malloc'd; ""
 * when none). An option the tree does not have, which olddefconfig drops, is not one. */
char *user_config_added(const char *user, const char *fragment, const char *final);

#endif
