/* SPDX-License-Identifier: GPL-2.0-only */
/* The manifest of constify_ops: which tables a patch made const, for the proofs in the built
 * kernel (nm on the host, /proc/kallsyms in the guest). */
#ifndef HB_CONSTIFY_MANIFEST_H
#define HB_CONSTIFY_MANIFEST_H

/* "SYMBOL FILE\n" for each table that DIFF (constify_ops's) declares const, each once, in
 * the diff's order (malloc'd; "" when none). */
char *constify_manifest(const char *diff);

#endif
