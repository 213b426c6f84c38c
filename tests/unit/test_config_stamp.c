// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the stamp that lets a build skip configuring when out/'s .config is what
 * tinyconfig, the fragment and olddefconfig would write again (config_stamp.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "config_stamp.h"
#include "test_files.h"

#include <stdlib.h>

static const char fragment[] = "CONFIG_64BIT=y\nCONFIG_MODULES=y\n";
static const char config[] = "CONFIG_64BIT=y\nCONFIG_MODULES=y\nCONFIG_PRINTK=y\n";
static const char vanilla[] = SRC_RECORD("/cache/trees/6.1", "");
static const char patched[] = SRC_RECORD("/cache/trees/6.1",
					 FILE_OF("kernel/kallsyms.c", "00000000000000aa") ","
					 FILE_OF("kernel/module/kmod.c", "00000000000000bb"));

static void kconfig_inputs_are_recognised_by_path(void **state)
{
	(void)state;
	assert_true(config_stamp_kconfig_input("Kconfig"));
	assert_true(config_stamp_kconfig_input("init/Kconfig"));
	assert_true(config_stamp_kconfig_input("arch/x86/Kconfig.debug"));
	assert_true(config_stamp_kconfig_input("kernel/configs/tiny.config"));
	assert_true(config_stamp_kconfig_input("arch/x86/configs/tiny.config"));
	assert_true(config_stamp_kconfig_input("scripts/kconfig/conf.c"));
	assert_true(config_stamp_kconfig_input("Makefile"));
	assert_true(config_stamp_kconfig_input("arch/x86/Makefile"));
	assert_false(config_stamp_kconfig_input("kernel/kallsyms.c"));
	assert_false(config_stamp_kconfig_input("net/Makefile"));
	assert_false(config_stamp_kconfig_input("include/linux/kconfig.h"));
}

static void a_stamp_holds_while_its_inputs_hold(void **state)
{
	(void)state;
	char *stamp = config_stamp_make(fragment, vanilla, config);
	assert_true(config_stamp_current(stamp, fragment, vanilla, config));
	/* the rules change C files only: the patched flavour's .config is vanilla's */
	assert_true(config_stamp_current(stamp, fragment, patched, config));
	free(stamp);
}

static void a_changed_fragment_kconfig_or_config_means_configuring_again(void **state)
{
	(void)state;
	char *stamp = config_stamp_make(fragment, vanilla, config);
	assert_false(config_stamp_current(stamp, "CONFIG_64BIT=y\n", vanilla, config));
	assert_false(config_stamp_current(stamp, fragment,
					  SRC_RECORD("/cache/trees/6.1",
						     FILE_OF("init/Kconfig", "00000000000000cc")),
					  config));
	assert_false(config_stamp_current(stamp, fragment,
					  SRC_RECORD("/cache/trees/6.12", ""), config));
	assert_false(config_stamp_current(stamp, fragment, vanilla, "CONFIG_64BIT=y\n"));
	assert_false(config_stamp_current(NULL, fragment, vanilla, config));
	assert_false(config_stamp_current(stamp, fragment, vanilla, NULL));
	free(stamp);
}

static void a_stamp_records_which_kconfig_input_changed(void **state)
{
	(void)state;
	const char *a = SRC_RECORD("/t", FILE_OF("init/Kconfig", "0000000000000001"));
	const char *b = SRC_RECORD("/t", FILE_OF("init/Kconfig", "0000000000000002"));
	char *stamp = config_stamp_make(fragment, a, config);
	assert_true(config_stamp_current(stamp, fragment, a, config));
	assert_false(config_stamp_current(stamp, fragment, b, config));
	free(stamp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kconfig_inputs_are_recognised_by_path),
		cmocka_unit_test(a_stamp_holds_while_its_inputs_hold),
		cmocka_unit_test(a_changed_fragment_kconfig_or_config_means_configuring_again),
		cmocka_unit_test(a_stamp_records_which_kconfig_input_changed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
