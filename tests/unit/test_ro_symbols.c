// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the host's constify_ops proof: where vmlinux put the manifest's tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ro_symbols.h"

/* 6.1's layout: the type letters are what nm prints for a tinyconfig vmlinux (D and d in
 * .rodata too, since __ro_after_init data makes that section writable). */
static const char *const nm_output =
	"ffffffff81800000 D __start_rodata\n"
	"ffffffff818318e0 d mctp_pf\n"
	"ffffffff818d3180 D __start_ro_after_init\n"
	"ffffffff818d3200 d v9fs_xattr_security_handler\n"
	"ffffffff818d7620 D __end_ro_after_init\n"
	"ffffffff818fb000 D __end_rodata\n"
	"ffffffff81a00000 D _sdata\n"
	"ffffffff81a0f120 d v9fs_xattr_user_handler\n"
	"ffffffff81a0f160 D v9fs_xattr_trusted_handler_x\n"
	"                 U mctp_pf_extern\n"
	"ffffffff82100000 b v9fs_xattr_trusted_handler\n";

static void tables_in_rodata_count_and_the_others_are_named(void **state)
{
	(void)state;
	struct ro_symbols r;
	ro_symbols_count(nm_output,
			 "mctp_pf net/mctp/af_mctp.c\n"
			 "v9fs_xattr_user_handler fs/9p/xattr.c\n"
			 "v9fs_xattr_trusted_handler fs/9p/xattr.c\n"
			 "v9fs_xattr_security_handler fs/9p/xattr.c\n"
			 "vboxsf_super_ops fs/vboxsf/super.c\n",
			 &r);
	assert_true(r.bounds_known);
	assert_int_equal(r.listed, 5);
	assert_int_equal(r.built_in, 4);
	assert_int_equal(r.read_only, 1);
	assert_string_equal(r.writable, "v9fs_xattr_user_handler(d) v9fs_xattr_trusted_handler(b) "
					"v9fs_xattr_security_handler(d)");
}

static void a_prefix_of_a_symbol_is_not_the_symbol(void **state)
{
	(void)state;
	struct ro_symbols r;
	ro_symbols_count(nm_output, "mctp\nv9fs_xattr\n", &r);
	assert_int_equal(r.listed, 2);
	assert_int_equal(r.built_in, 0);
}

static void without_the_boundaries_nothing_is_read_only(void **state)
{
	(void)state;
	struct ro_symbols r;
	ro_symbols_count("ffffffff818318e0 r mctp_pf\n", "mctp_pf net/mctp/af_mctp.c\n", &r);
	assert_false(r.bounds_known);
	assert_int_equal(r.built_in, 1);
	assert_int_equal(r.read_only, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tables_in_rodata_count_and_the_others_are_named),
		cmocka_unit_test(a_prefix_of_a_symbol_is_not_the_symbol),
		cmocka_unit_test(without_the_boundaries_nothing_is_read_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
