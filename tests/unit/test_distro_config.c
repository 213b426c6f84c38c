// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: naming a distribution's own kernel config (--config debian:FLAVOUR,
 * backport/fetch/distro_config.c): which arguments name one, which are refused, and the
 * linux-config package of a linux-source package. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "distro_config.h"

#include <stdlib.h>
#include <string.h>

static void a_flavour_is_named_after_debian_colon(void **state)
{
	(void)state;
	char flavour[64], err[512];
	assert_int_equal(distro_config_parse("debian:cloud-amd64", flavour, sizeof(flavour), err,
					     sizeof(err)), 1);
	assert_string_equal(flavour, "cloud-amd64");
	/* a file, even one whose name holds a colon, is no flavour */
	assert_int_equal(distro_config_parse("/boot/config-6.1.0-28-amd64", flavour,
					     sizeof(flavour), err, sizeof(err)), 0);
	assert_int_equal(distro_config_parse("./debian:x", flavour, sizeof(flavour), err,
					     sizeof(err)), 0);
}

static void a_flavour_that_is_no_plain_name_is_refused(void **state)
{
	(void)state;
	char flavour[64], err[512];
	const char *bad[] = { "debian:", "debian:../etc", "debian:a b", "debian:x/y", NULL };
	for (const char **b = bad; *b; b++) {
		assert_int_equal(distro_config_parse(*b, flavour, sizeof(flavour), err,
						     sizeof(err)), -1);
		assert_non_null(strstr(err, "names no flavour of Debian's kernel configs"));
	}
	char small[4];
	assert_int_equal(distro_config_parse("debian:cloud-amd64", small, sizeof(small), err,
					     sizeof(err)), -1);
}

static void the_config_package_of_a_source_package(void **state)
{
	(void)state;
	char *p = distro_config_package("linux-source-6.1");
	assert_string_equal(p, "linux-config-6.1");
	free(p);
	assert_null(distro_config_package("linux-source-"));
	assert_null(distro_config_package("linux-headers-6.1"));
	assert_null(distro_config_package(""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_flavour_is_named_after_debian_colon),
		cmocka_unit_test(a_flavour_that_is_no_plain_name_is_refused),
		cmocka_unit_test(the_config_package_of_a_source_package),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
