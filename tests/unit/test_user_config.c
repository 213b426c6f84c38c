// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: a kernel config of the user's own as the start of a build (--config FILE,
 * backport/compile/user_config.c): what it must have, the test config's options merged into it
 * (what the tests need set, what the test config trims left as the user's has it), what was
 * added, and the folder its builds use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fsutil.h"
#include "kconfig_check.h"
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

/* A Debian config as /boot/config-* has it: keys its own build adds, debug information. */
static void a_distribution_config_is_made_buildable_and_says_how(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/hb-user-config-XXXXXX";
	char *tree = mkdtemp(tmpl);
	assert_non_null(tree);
	char *certs = fs_join(tree, "certs");
	assert_int_equal(fs_mkdir_p(certs, 0755), 0);
	char *ours = fs_join(certs, "ours.pem");
	assert_int_equal(fs_write_file_atomic(ours, "x", 1), 0);
	const char *debian = "CONFIG_MODULES=y\n"
			     "CONFIG_SYSTEM_TRUSTED_KEYS=\"debian/certs/debian-uefi-certs.pem\"\n"
			     "CONFIG_SYSTEM_REVOCATION_KEYS=\"certs/ours.pem\"\n"
			     "CONFIG_MODULE_SIG_KEY=\"/nowhere/signing.pem\"\n"
			     "CONFIG_DEBUG_INFO=y\n"
			     "CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y\n"
			     "CONFIG_DEBUG_INFO_BTF=y\n"
			     "CONFIG_DEBUG_KERNEL=y\n";
	char *changed;
	char *start = user_config_adjust(debian, tree, &changed);
	assert_non_null(strstr(start, "CONFIG_MODULES=y\n"));
	assert_non_null(strstr(start, "CONFIG_DEBUG_KERNEL=y\n"));
	assert_non_null(strstr(start, "CONFIG_SYSTEM_TRUSTED_KEYS=\"\"\n"));
	assert_non_null(strstr(start, "CONFIG_SYSTEM_REVOCATION_KEYS=\"certs/ours.pem\"\n"));
	assert_non_null(strstr(start, "CONFIG_MODULE_SIG_KEY=\"certs/signing_key.pem\"\n"));
	assert_null(strstr(start, "CONFIG_DEBUG_INFO=y"));
	assert_null(strstr(start, "CONFIG_DEBUG_INFO_BTF=y"));
	assert_null(strstr(start, "DWARF_TOOLCHAIN_DEFAULT=y"));
	assert_non_null(strstr(start, "CONFIG_DEBUG_INFO_NONE=y\n# CONFIG_DEBUG_INFO is not set\n"));
	assert_non_null(strstr(changed, "debian/certs/debian-uefi-certs.pem is not in the tree"));
	assert_non_null(strstr(changed, "/nowhere/signing.pem is not in the tree"));
	assert_null(strstr(changed, "ours.pem"));
	assert_non_null(strstr(changed, "debug information off"));
	free(start);
	free(changed);

	/* a config that needs nothing of this is left as it is */
	const char *plain = "CONFIG_MODULES=y\nCONFIG_DEBUG_INFO_NONE=y\n"
			    "CONFIG_SYSTEM_TRUSTED_KEYS=\"\"\n";
	start = user_config_adjust(plain, tree, &changed);
	assert_string_equal(start, plain);
	assert_string_equal(changed, "");
	free(start);
	free(changed);
	fs_remove_tree(tree);
	free(ours);
	free(certs);
}

static void the_test_config_adds_what_the_tests_need_and_trims_nothing(void **state)
{
	(void)state;
	const char *fragment = "# --- a section\nCONFIG_PACKET=m\n# CONFIG_IPV6 is not set\n"
			       "# hb: since 5.15\nCONFIG_MCTP=y\n";
	char *merged = user_config_fragment(fragment);
	assert_non_null(strstr(merged, "# hb: or built in\nCONFIG_PACKET=m\n"));
	assert_null(strstr(merged, "# CONFIG_IPV6 is not set"));
	assert_non_null(strstr(merged, "# as your config has it: CONFIG_IPV6\n"));
	assert_non_null(strstr(merged, "# hb: since 5.15\nCONFIG_MCTP=y\n"));
	/* a module the tests load that the user's config selects built in does */
	char *missing;
	const char *selected = "CONFIG_PACKET=y\nCONFIG_MCTP=y\n";
	assert_int_equal(kconfig_check(merged, selected, NULL, &missing, NULL), 0);
	free(missing);
	assert_int_equal(kconfig_check(fragment, selected, NULL, &missing, NULL), 1);
	free(missing);
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
		cmocka_unit_test(a_distribution_config_is_made_buildable_and_says_how),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
