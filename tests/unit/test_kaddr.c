// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the guest's kernel address recogniser (test-initramfs/src/kaddr.c), on
 * samples shaped like what /proc and /sys print, and the false positives it must reject. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kaddr.h"

static size_t count(const char *text)
{
	return kaddr_count(text, strlen(text));
}

static void kallsyms_lines(void **state)
{
	(void)state;
	assert_int_equal(count("ffffffff81000000 T _text\n"
			       "ffffffff81000000 T startup_64\n"
			       "ffffffff8100a1b0 t do_one_initcall\n"
			       "ffffffff82a3c040 D init_task\n"
			       "ffffffffa0002010 d hb_pk_marker\t[hb_pk_probe]\n"
			       "ffffffffc0351000 t packet_rcv\t[af_packet]\n"), 6);
	/* what an unprivileged reader sees when kallsyms hides the values */
	assert_int_equal(count("0000000000000000 T _text\n"
			       "0000000000000000 d hb_pk_marker\t[hb_pk_probe]\n"), 0);
}

static void proc_modules_lines(void **state)
{
	(void)state;
	assert_int_equal(count("af_packet 45056 0 - Live 0xffffffffa0010000\n"
			       "n_hdlc 20480 0 - Live 0xffffffffc02f2000\n"), 2);
	assert_int_equal(count("af_packet 45056 0 - Live 0x0000000000000000\n"), 0);
	/* the unchecked flags and sizes are no addresses */
	assert_int_equal(count("md4 16384 0 - Live 0x0000000000000000 (E)\n"), 0);
}

static void seq_file_pointers(void **state)
{
	(void)state;
	/* /proc/net/unix, /proc/net/netlink, /proc/net/packet: bare %p or %pK at 0 before
	 * 4.15, %px since */
	assert_int_equal(count("Num       RefCount Protocol Flags    Type St Inode Path\n"
			       "ffff888003a3c400: 00000002 00000000 00010000 0001 01 12345 /run/x\n"),
			 1);
	assert_int_equal(count("sk               Eth Pid        Groups   Rmem     Wmem     Dump  "
			       "Locks    Drops    Inode\n"
			       "ffff888003b2e000 0   1          00000000 0        0        0 2        "
			       "0        7\n"), 1);
	/* hashed %p (since 4.15): 32 random bits, the upper half zero */
	assert_int_equal(count("000000008d6c3f1a: 00000002 00000000 00010000 0001 01 12345\n"), 0);
	/* %pK at kptr_restrict=1, and the hashing not ready yet */
	assert_int_equal(count("0000000000000000: 00000002 00000000 00010000 0001 01 12345\n"), 0);
	assert_int_equal(count("hb_pk_marker (____ptrval____)\n"), 0);
	/* vmalloc and vmemmap pointers, a stack trace, an address range */
	assert_int_equal(count("vm ffffc90000012000 page ffffea0000400040\n"), 2);
	assert_int_equal(count("[<ffffffff8100a1b2>] do_one_initcall+0x42/0x1f0\n"), 1);
	assert_int_equal(count("0xffffc90000000000-0xffffc90000002000    8192 "
			       "acpi_os_map_iomem+0x1e/0x30 phys=0x00000000bffe0000 ioremap\n"), 2);
	assert_int_equal(count("0XFFFF888003A3C000 FFFFFFFF81000000\n"), 2);
}

static void sys_values(void **state)
{
	(void)state;
	/* PCI resources, cpumasks, sizes, ids: hex that is no kernel address */
	assert_int_equal(count("0x00000000febf0000 0x00000000febf0fff 0x0000000000040200\n"), 0);
	assert_int_equal(count("ffffffff,ffffffff\n"), 0);
	assert_int_equal(count("8000000\n"), 0);
	assert_int_equal(count("0x8086\n0x100e\n"), 0);
	assert_int_equal(count("00000000000000000000000000000001\n"), 0);
	/* /proc/PID/maps: user space and the vsyscall page */
	assert_int_equal(count("7ffd12345000-7ffd12366000 rw-p 00000000 00:00 0 [stack]\n"
			       "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0 "
			       "[vsyscall]\n"), 0);
	/* /proc/PID/status: signal and capability bitmaps (a process handling the
	 * real-time signals), but an address under another label still counts */
	assert_int_equal(count("SigQ:\t1/96369\nSigPnd:\t0000000000000000\n"
			       "ShdPnd:\t0000000000000000\nSigBlk:\tfffffffff7b8feff\n"
			       "SigIgn:\t0000000000001000\nSigCgt:\tfffffffff7b8feff\n"
			       "CapEff:  fffffffff7b8feff\n"), 0);
	assert_int_equal(count("Sig:\tfffffffff7b8feff\nXSigCgt:\tfffffffff7b8feff\n"
			       "SigCgt:\tx fffffffff7b8feff\n"), 3);
	/* a kernel address in a sysfs value still counts */
	assert_int_equal(count("ffffffff81e3a4c0\n"), 1);
}

static void masks_and_non_addresses(void **state)
{
	(void)state;
	static const char *const rejected[] = {
		"ffffffffffffffff", "0000000000000000", "ffffffff00000000", "ffff000000000000",
		"fffffffffffff000", "ffffffffffe00000", "ffffc00000000000", "fffffc0000000000",
		"ffffffff80000000", "ffffffffc0000000", "fffffffffffffff2", /* -ENOENT */
		"ffff800000000000", "ffff880000001000", /* guard hole, LDT remap */
		"fffffe0000001000", "ffffff0000001000", /* cpu_entry_area, espfix */
		"ffffffff7fffffff", "ffffffffff600000", "ff11000012345678", /* la57 */
		"6b6b6b6b6b6b6b6b", "dead000000000100", "00007ffd12345000",
	};
	for (size_t i = 0; i < sizeof(rejected) / sizeof(rejected[0]); i++) {
		if (count(rejected[i]) != 0)
			fail_msg("%s was taken for a kernel address", rejected[i]);
	}
	/* hex inside a longer word, short or long hex */
	assert_int_equal(count("gffffffff81000000 ffffffff81000000g _ffffffff81000000 "
			       "ffffffff81000000_x ffffffff8100000012 0xffffffff810000001 "
			       "x0xffffffff81000000 ffffffff8100000 0xffffffff8100000 "
			       "fe80000000000000ffffffff81000000 0x0xffffffff81000000"), 0);
}

static void boundaries_of_the_spans(void **state)
{
	(void)state;
	assert_true(kaddr_value_is_kernel(KADDR_DIRECT_MAP_START));
	assert_false(kaddr_value_is_kernel(KADDR_DIRECT_MAP_START - 1));
	assert_true(kaddr_value_is_kernel(KADDR_RANDOMIZED_END));
	assert_false(kaddr_value_is_kernel(KADDR_RANDOMIZED_END + 1));
	assert_true(kaddr_value_is_kernel(KADDR_KERNEL_MAP_START + 1));
	assert_false(kaddr_value_is_kernel(KADDR_KERNEL_MAP_START - 1));
	assert_true(kaddr_value_is_kernel(KADDR_FIXMAP_END));
	assert_false(kaddr_value_is_kernel(KADDR_FIXMAP_END + 1));
	assert_true(kaddr_value_is_kernel(0xffffc90000000000ULL));
	assert_true(kaddr_value_is_kernel(0xffffea0000000000ULL));
}

static void separators_and_bytes(void **state)
{
	(void)state;
	/* NUL bytes separate words; the buffer need not be terminated */
	static const char bin[] = "\0ffffffff81000000\0\x01" "ffff888000001000";
	assert_int_equal(kaddr_count(bin, sizeof(bin) - 1), 2);
	/* a token cut by the end of the buffer is short */
	assert_int_equal(kaddr_count("ffffffff81000000", 15), 0);
	assert_int_equal(kaddr_count("ffffffff81000000", 16), 1);
	assert_int_equal(count("a=ffffffff81000000,b=(ffff888000001000);c:ffffffff81000000."), 3);
	assert_int_equal(count(""), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kallsyms_lines),
		cmocka_unit_test(proc_modules_lines),
		cmocka_unit_test(seq_file_pointers),
		cmocka_unit_test(sys_values),
		cmocka_unit_test(masks_and_non_addresses),
		cmocka_unit_test(boundaries_of_the_spans),
		cmocka_unit_test(separators_and_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
