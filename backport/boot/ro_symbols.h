/* SPDX-License-Identifier: GPL-2.0-only */
/* The host's half of the constify_ops proof: does the built vmlinux put the tables that apply
 * made const in read-only data, between __start_rodata and __end_rodata and outside the
 * __ro_after_init data there (nm's type letter cannot tell, see ro_symbols.c)? */
#ifndef HB_RO_SYMBOLS_H
#define HB_RO_SYMBOLS_H

struct ro_symbols {
	int bounds_known; /* nm showed the four boundary symbols */
	int listed;     /* tables in the manifest */
	int built_in;   /* of those, found in vmlinux */
	int read_only;  /* of those, in read-only data */
	char writable[512]; /* "NAME(TYPE) ..." of the built-in ones that are not */
};

/* Counts the tables of MANIFEST ("SYMBOL FILE" lines) in NM_OUTPUT ("ADDRESS TYPE NAME"
 * lines, as nm prints them); without the boundaries, no table counts as read-only. */
void ro_symbols_count(const char *nm_output, const char *manifest, struct ro_symbols *out);
/* The same on nm's output for VMLINUX and the manifest file MANIFEST_PATH. 0, or -1 when nm
 * or the files cannot be read. */
int ro_symbols_of_vmlinux(const char *vmlinux, const char *manifest_path, struct ro_symbols *out);

#endif
