/* Checking that every option of a config fragment survived `make olddefconfig`. */
#ifndef HB_KCONFIG_CHECK_H
#define HB_KCONFIG_CHECK_H

#include <stddef.h>

/* Compares FRAGMENT (CONFIG_X=y|m|value, "# CONFIG_X is not set") with the final CONFIG
 * text. Returns the number of options that did not survive, listing them in missing
 * ("CONFIG_X=y (got: not set)", one a line, malloc'd). */
int kconfig_check(const char *fragment, const char *config, char **missing);

#endif
