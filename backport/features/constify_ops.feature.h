/* SPDX-License-Identifier: GPL-2.0-only */
/* constify_ops: const on file-scope ops tables that nothing writes (read-only memory).
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/constify_ops.cocci; golden cases: cocci/tests/constify_ops/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "constify_ops",
	.subject = "treewide: constify ops tables that are never written",
	.why = "A structure of function pointers in writable memory is what a kernel\n"
	       "write primitive overwrites to take control. Declare const the\n"
	       "file-scope ops tables that nothing writes, so that they land in\n"
	       "read-only memory, as grsecurity's constify plugin did. Only tables\n"
	       "whose every use is known to take a pointer to const are changed, and\n"
	       "every changed file that builds on x86_64 allmodconfig was compiled\n"
	       "there with -Werror=discarded-qualifiers\n"
	       "-Werror=incompatible-pointer-types.",
	.compiler_decides = true,
	.nothing_left_is_present = true,
	.manifest = "constified",
	.manifest_of = constify_manifest,
	.checker_lacks = "const ops tables: the tool has no check of them (grsecurity's "
			 "constify plugin is not among its checks)",
},
