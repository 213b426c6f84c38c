/* SPDX-License-Identifier: GPL-2.0-only */
/* Recognises x86-64 kernel addresses in text: what an unprivileged reader of
 * /proc or /sys must not see. Shared by the guest (suite leaks) and the
 * host's unit tests (tests/unit/test_kaddr.c), so it depends on libc only.
 *
 * A token is 16 hex digits (either case), with or without a "0x"/"0X"
 * prefix, that is a whole word: neither side touches a letter, a digit or
 * '_' (so "ffffffff81000000:" and "[<ffffffff81000000>]" count; a 17- or
 * 32-digit hex string, "gffffffff81000000" or "ffffffff81000000_x" do not).
 * Kernel addresses always have their top bits set, so they always print
 * with 16 digits.
 *
 * Accepted values (Documentation/arch/x86/x86_64/mm.rst, 4-level paging):
 *   0xffff888000000000 .. 0xfffffdffffffffff  direct map of physical memory
 *       (page_offset_base, 0xffff888000000000), vmalloc/ioremap
 *       (0xffffc90000000000), vmemmap's struct pages (0xffffea0000000000),
 *       and the holes between them: CONFIG_RANDOMIZE_MEMORY places the three
 *       bases anywhere in this span, below the cpu_entry_area;
 *   0xffffffff80000000 .. 0xffffffffff5fffff  kernel text and data (from
 *       __START_KERNEL_map), modules, the fixmap.
 * Rejected, besides everything outside these spans (user addresses, the
 * %p hashes 00000000xxxxxxxx, zeros from %pK, the guard hole and LDT remap
 * below the direct map, cpu_entry_area and the %esp fixup stacks, the
 * vsyscall page 0xffffffffff600000 that /proc/PID/maps shows, ERR_PTR
 * values and all ones above it): masks of the form ~0 << n, whose ones are
 * all above their zeros (0xffffffff00000000, 0xffff000000000000,
 * 0xffffc00000000000, 0xfffffffffffff000, ...; also the constant
 * __START_KERNEL_map 0xffffffff80000000 itself, which tells nothing); and
 * the signal and capability bitmaps of /proc/PID/status (a token right after
 * "SigPnd:", "ShdPnd:", "SigBlk:", "SigIgn:", "SigCgt:" or "Cap{Inh,Prm,Eff,
 * Bnd,Amb}:" and blanks: SigCgt fffffffff7b8feff would be in module space).
 * 5-level paging (la57) addresses (0xff11...) are not accepted. */
#ifndef HB_KADDR_H
#define HB_KADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KADDR_DIRECT_MAP_START 0xffff888000000000ULL
#define KADDR_RANDOMIZED_END 0xfffffdffffffffffULL	/* below cpu_entry_area */
#define KADDR_KERNEL_MAP_START 0xffffffff80000000ULL	/* __START_KERNEL_map */
#define KADDR_FIXMAP_END 0xffffffffff5fffffULL	/* below the vsyscall page */

/* Is V, as a value, a kernel address of the spans above and no mask? */
bool kaddr_value_is_kernel(uint64_t v);

/* Counts the tokens of BUF[0..LEN) (NUL bytes allowed, no terminator needed)
 * that are kernel addresses. */
size_t kaddr_count(const char *buf, size_t len);

#endif
