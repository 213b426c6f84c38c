// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: a kernel config of the user's own as the start of a build (--config FILE,
 * backport/build/user_config.c): what it must have, the test config's options merged into it
 * (what the tests need set, what the test config trims left as the user's has it), what was
 * added, and the folder its builds use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "user_config.h"

#include <stdlib.h>
#include <string.h>

static void a_config_that_cannot_prove_modules_restrict_is_refused(void **state)
{
	(void)state;
	char err[512];
	assert_int_equal(user_config_usable("CONFIG_64BIT=y\nCONFIG_MODULES=y\n", err, sizeof(err)), 0);
	assert_int_equal(user_config_usable("CONFIG_64BIT=y\n# CONFIG_MODULES is not set\n", err,
					    sizeof(err)), -1);
	assert_non_null(strstr(err, "CONFIG_MODULES=y"));
	assert_non_null(strstr(err, "modules_restrict cannot be proven"));
	assert_int_equal(user_config_usable("hello\n", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not a kernel .config"));
}

static void the_test_config_adds_what_the_tests_need_and_trims_nothing(void **state)
{
	(void)state;
	const char *fragment = "# --- a section\nCONFIG_PACKET=m\n# CONFIG_IPV6 is not set\n"
			       "# hb: since 5.15\nCONFIG_MCTP=y\n";
	char *merged = user_config_fragment(fragment);
	assert_non_null(strstr(merged, "CONFIG_PACKET=m\n"));
	assert_null(strstr(merged, "# CONFIG_IPV6 is not set"));
	assert_non_null(strstr(merged, "# as your config has it: CONFIG_IPV6\n"));
	assert_non_null(strstr(merged, "# hb: since 5.15\nCONFIG_MCTP=y\n"));
	free(merged);
	const char *user = "CONFIG_MODULES=y\nCONFIG_PACKET=y\nCONFIG_IPV6=y\n";
	const char *final = "CONFIG_MODULES=y\nCONFIG_PACKET=m\nCONFIG_IPV6=y\n";
	/* MCTP: this tree has none (olddefconfig dropped it), so nothing was added; IPV6 stays */
	char *added = user_config_added(user, fragment, final);
	assert_string_equal(added, "CONFIG_PACKET=m");
	free(added);
	added = user_config_added("CONFIG_PACKET=m\nCONFIG_MCTP=y", fragment,
				  "CONFIG_PACKET=m\nCONFIG_MCTP=y\n");
	assert_string_equal(added, "");
	free(added);
}

static void each_config_builds_in_a_folder_of_its_own(void **state)
{
	(void)state;
	char *a = user_config_tag("CONFIG_MODULES=y\n"), *b = user_config_tag("CONFIG_MODULES=y\n#\n");
	assert_int_equal(strncmp(a, "config-", 7), 0);
	assert_int_equal(strlen(a), 15);
	assert_string_not_equal(a, b);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_config_that_cannot_prove_modules_restrict_is_refused),
		cmocka_unit_test(the_test_config_adds_what_the_tests_need_and_trims_nothing),
		cmocka_unit_test(each_config_builds_in_a_folder_of_its_own),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
