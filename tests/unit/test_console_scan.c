// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the console scanner (backport/console/console_scan.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "console_scan.h"

static unsigned kinds_of(const char *line)
{
	return console_scan_line(line, strlen(line));
}

static void test_positive_lines(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		unsigned kinds;
	} cases[] = {
		{ "[    2.345678] WARNING: CPU: 0 PID: 1 at lib/refcount.c:28 refcount_warn_saturate+0x9c/0x110", CONSOLE_WARNING },
		{ "WARNING: CPU: 1 PID: 77 at mm/usercopy.c:83 usercopy_warn+0x7e/0xa0", CONSOLE_WARNING },
		{ "[   10.000001] WARNING: possible circular locking dependency detected", CONSOLE_WARNING },
		{ "[    3.141592] BUG: kernel NULL pointer dereference, address: 0000000000000008", CONSOLE_BUG },
		{ "[    3.1] BUG: KASAN: slab-out-of-bounds in kmalloc_oob_right+0x1a0/0x2c0", CONSOLE_BUG },
		{ "[    3.2] BUG: unable to handle page fault for address: ffffffffc0002000", CONSOLE_BUG | CONSOLE_PAGE_FAULT },
		{ "[    4.0] kernel BUG at mm/usercopy.c:99!", CONSOLE_BUG },
		{ "[    4.1] Oops: 0002 [#1] PREEMPT SMP NOPTI", CONSOLE_OOPS },
		{ "[    4.1] Oops: general protection fault, probably for non-canonical address 0xdead000000000100: 0000 [#1] SMP", CONSOLE_OOPS | CONSOLE_GPF },
		{ "[    4.2] general protection fault: 0000 [#1] SMP PTI", CONSOLE_GPF },
		{ "[    5.0] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009", CONSOLE_PANIC },
		{ "Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)", CONSOLE_PANIC },
		{ "[    6.0] Unable to handle kernel paging request at virtual address ffff800008000000", CONSOLE_PAGE_FAULT },
		{ "[    6.5] UBSAN: array-index-out-of-bounds in lib/test_ubsan.c:58:16", CONSOLE_UBSAN },
		{ "[   30.0] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [swapper/0:1]", CONSOLE_BUG | CONSOLE_STALL },
		{ "[   60.0] rcu: INFO: rcu_preempt self-detected stall on CPU", CONSOLE_STALL },
		{ "[  123.0] INFO: task kworker/0:1:12 blocked for more than 120 seconds.", CONSOLE_STALL },
		{ "[    7.0] Call Trace:", CONSOLE_CALL_TRACE },
		{ "[    7.0]  Call Trace:", CONSOLE_CALL_TRACE },
		{ "<4>[    8.0] WARNING: CPU: 0 PID: 1 at kernel/fork.c:1 x+0x1/0x2", CONSOLE_WARNING },
		{ "[    0.500000][    T1] BUG: sleeping function called from invalid context at mm/slab.h:739", CONSOLE_BUG },
		{ "\r[    9.0] Kernel panic - not syncing: Fatal exception\r", CONSOLE_PANIC },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned k = kinds_of(cases[i].line);
		if (k != cases[i].kinds)
			fail_msg("line %zu \"%s\": kinds 0x%x, expected 0x%x", i, cases[i].line, k, cases[i].kinds);
	}
}

static void test_negative_lines(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"not ok 3 no_warning_seen",
		"ok 4 BUG: in the name",
		"# checking for Oops",
		"# WARNING: CPU: 0 PID: 1 at quoted in a diagnostic",
		"    # Subtest: kernel_panic_tests",
		"[    1.0] lkdtm: Performing direct entry WARNING",
		"[    1.0] lkdtm: Performing direct entry BUG",
		"[    1.0] usbcore: registered new interface driver usbhid",
		"[    1.1] random: crng init done",
		"[    0.2] Kernel command line: console=ttyS0 panic=-1 oops=panic",
		"[    0.3] WARNING: this is not the kernel WARN format",
		"WARNINGS: 0",
		"echo 'Kernel panic - not syncing' is a string in a script",
		"[    2.0] Run /init as init process",
		"Booting from ROM..",
		"",
		"[    5.0]",
		"[garbage] BUG: no, the prefix is not a timestamp",
		"    WARNING: CPU: 0 PID: 1 at indented, so not printed by the kernel",
		"[    1.0]   BUG: indented after the timestamp",
	};
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		unsigned k = kinds_of(lines[i]);
		if (k != 0)
			fail_msg("line \"%s\" flagged as 0x%x", lines[i], k);
	}
}

static void test_scan_oops_log(void **state)
{
	(void)state;
	static const char log[] =
		"[    0.000000] Linux version 6.1.0 (root@build) (gcc 12.2.0) #1 SMP\r\n"
		"[    1.000000] Run /init as init process\r\n"
		"KTAP version 1\r\n"
		"1..2\r\n"
		"# checking for Oops after the write\r\n"
		"ok 1 no_warning_seen\r\n"
		"[    2.000000] lkdtm: Performing direct entry EXEC_NULL\r\n"
		"[    2.000100] BUG: kernel NULL pointer dereference, address: 0000000000000000\r\n"
		"[    2.000200] #PF: supervisor instruction fetch in kernel mode\r\n"
		"[    2.000300] Oops: 0010 [#1] PREEMPT SMP NOPTI\r\n"
		"[    2.000400] CPU: 0 PID: 60 Comm: lkdtm Not tainted 6.1.0 #1\r\n"
		"[    2.000500] Call Trace:\r\n"
		"[    2.000600]  <TASK>\r\n"
		"[    2.000700]  lkdtm_do_action+0x19/0x30\r\n"
		"[    2.000800] Kernel panic - not syncing: Fatal exception\r\n"
		"[    2.000900] ---[ end Kernel panic - not syncing: Fatal exception ]---";
	struct console_scan s;
	assert_int_equal(console_scan(log, sizeof(log) - 1, &s), 0);
	assert_int_equal(s.kinds, CONSOLE_BUG | CONSOLE_OOPS | CONSOLE_CALL_TRACE | CONSOLE_PANIC);
	assert_int_equal(s.count, 4);
	assert_string_equal(s.first_line,
			    "[    2.000100] BUG: kernel NULL pointer dereference, address: 0000000000000000");
	assert_int_equal(s.first_line_no, 8);
	assert_int_equal(s.first_kinds, CONSOLE_BUG);
	assert_true(console_scan_trouble(&s));
	char names[128];
	console_kinds_format(s.kinds, names, sizeof(names));
	assert_string_equal(names, "oops,bug,panic,call-trace");
	console_scan_free(&s);
	assert_null(s.first_line);
}

static void test_scan_warning_log(void **state)
{
	(void)state;
	static const char log[] =
		"[    2.900000] Call Trace:\n"
		"[    3.000000] ------------[ cut here ]------------\n"
		"[    3.000001] refcount_t: underflow; use-after-free.\n"
		"[    3.000002] WARNING: CPU: 0 PID: 70 at lib/refcount.c:28 refcount_warn_saturate+0x9c/0x110\n"
		"[    3.000003] Modules linked in:\n"
		"[    3.000004] Call Trace:\n"
		"[    3.000005] ---[ end trace 0000000000000000 ]---\n"
		"ok 2 refcount_underflow\n";
	struct console_scan s;
	assert_int_equal(console_scan(log, sizeof(log) - 1, &s), 0);
	assert_int_equal(s.kinds, CONSOLE_WARNING | CONSOLE_CALL_TRACE);
	assert_int_equal(s.count, 3);
	assert_int_equal(s.first_line_no, 4);
	assert_int_equal(s.first_kinds, CONSOLE_WARNING);
	assert_non_null(strstr(s.first_line, "refcount_warn_saturate"));
	assert_true(console_scan_trouble(&s));
	console_scan_free(&s);
}

static void test_scan_clean_and_trace_only(void **state)
{
	(void)state;
	static const char clean[] =
		"[    1.0] Run /init as init process\n"
		"KTAP version 1\n1..2\n"
		"not ok 1 no_warning_seen\n"
		"# checking for Oops: none\n"
		"ok 2 bug_on_detected # SKIP BUG: not built\n"
		"# hb-done\n";
	struct console_scan s;
	assert_int_equal(console_scan(clean, sizeof(clean) - 1, &s), 0);
	assert_int_equal(s.kinds, 0);
	assert_int_equal(s.count, 0);
	assert_null(s.first_line);
	assert_int_equal(s.first_line_no, 0);
	assert_false(console_scan_trouble(&s));
	console_scan_free(&s);

	/* a dump_stack() alone: reported, not trouble */
	static const char trace[] = "[ 1.0] CPU: 0 PID: 1 Comm: init\n[ 1.0] Call Trace:\n[ 1.0]  <TASK>\n";
	assert_int_equal(console_scan(trace, sizeof(trace) - 1, &s), 0);
	assert_int_equal(s.kinds, CONSOLE_CALL_TRACE);
	assert_int_equal(s.count, 1);
	assert_string_equal(s.first_line, "[ 1.0] Call Trace:");
	assert_int_equal(s.first_line_no, 2);
	assert_false(console_scan_trouble(&s));
	console_scan_free(&s);
}

static void test_kinds_format_truncates(void **state)
{
	(void)state;
	char buf[11];
	console_kinds_format(CONSOLE_WARNING | CONSOLE_PANIC, buf, sizeof(buf));
	assert_string_equal(buf, "warning");
	char big[64];
	console_kinds_format(0, big, sizeof(big));
	assert_string_equal(big, "");
	console_kinds_format(CONSOLE_STALL | CONSOLE_UBSAN, big, sizeof(big));
	assert_string_equal(big, "ubsan,stall");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_positive_lines),
		cmocka_unit_test(test_negative_lines),
		cmocka_unit_test(test_scan_oops_log),
		cmocka_unit_test(test_scan_warning_log),
		cmocka_unit_test(test_scan_clean_and_trace_only),
		cmocka_unit_test(test_kinds_format_truncates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
