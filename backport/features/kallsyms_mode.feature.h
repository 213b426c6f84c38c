/* SPDX-License-Identifier: GPL-2.0-only */
/* kallsyms_mode: /proc/kallsyms created with mode 0400 instead of 0444.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/kallsyms_mode.cocci; golden cases: cocci/tests/kallsyms_mode/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "kallsyms_mode",
	.subject = "kallsyms: make /proc/kallsyms mode 0400",
	.why = "/proc/kallsyms tells anybody who reads it where every kernel symbol\n"
	       "lies, which is what a generic kernel exploit needs to know. Create it\n"
	       "readable by root only (0400 instead of 0444), as posted by Marcus\n"
	       "Meissner in 2010.",
	.checker = (const struct feature_check[]){
		{ "CONFIG_KALLSYMS", "the tool (CLIP OS) asks for no kallsyms at all; the series "
				     "keeps them, readable by root only" },
		{ NULL, NULL } },
	.checker_lacks = "the mode of /proc/kallsyms: the tool has no check of it",
},
