/* SPDX-License-Identifier: GPL-2.0-only */
/* pk_pointers: %p becomes %pK where kernel pointers reach files unprivileged users read.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/pk_pointers.cocci; golden cases: cocci/tests/pk_pointers/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "pk_pointers",
	.subject = "treewide: print kernel pointers with %pK in files users can read",
	.why = "seq_file and sysfs show functions that print a kernel pointer with a\n"
	       "bare %p tell every reader of the file about kernel objects. Print them\n"
	       "with %pK instead, so that kernel.kptr_restrict decides what each\n"
	       "reader sees: at 1 readers without CAP_SYSLOG see zeros, at 2 everybody\n"
	       "does.\n"
	       "\n"
	       "Since 4.15, commit ad67b74d2469 (\"printk: hash addresses printed with\n"
	       "%p\"), a bare %p prints a hashed value, not the address. On such a tree\n"
	       "this changes what a reader sees only when kptr_restrict is set: at 1 a\n"
	       "reader without CAP_SYSLOG sees zeros where it saw the hash, and one\n"
	       "with CAP_SYSLOG sees the raw address where it saw the hash; at 0 %pK\n"
	       "prints the hash as %p does. Before 4.15, %p printed the address to\n"
	       "every reader.\n"
	       "\n"
	       "A printer whose file only root reads is left alone: a debugfs or\n"
	       "tracefs file (mounted mode 0700) or a procfs file of mode 0400 gains\n"
	       "nothing, as far as the printer's own file shows it (a function that\n"
	       "other files call keeps its change). Only format strings that reach\n"
	       "files in process context are changed, never printk (%pK in interrupt\n"
	       "context prints \"pK-error\"). A tree without %pK first gets it, with the\n"
	       "kernel.kptr_restrict sysctl, as Dan Rosenberg's 2.6.38 patch brought\n"
	       "it.",
	.sysctls = { { .name = "kptr_restrict",
		       .body = "This toggle indicates whether restrictions are placed on\n"
			       "exposing kernel addresses via /proc and other interfaces.\n"
			       "When kptr_restrict is set to (0), the default, there are no\n"
			       "restrictions.  When kptr_restrict is set to (1), kernel\n"
			       "pointers printed using the %pK format specifier will be\n"
			       "replaced with 0's unless the user has CAP_SYSLOG.  When\n"
			       "kptr_restrict is set to (2), kernel pointers printed using\n"
			       "%pK will be replaced with 0's regardless of privileges." } },
	.checker = (const struct feature_check[]){
		{ "kernel.kptr_restrict", "the series keeps upstream's default 0: %pK hides the "
					  "pointers it converted once kptr_restrict is raised" },
		{ NULL, NULL } },
	.verdict_note = "pk_pointers, on a tree from 4.15 on: a bare %p prints a hash there, "
			"never the address, so no reader saw an address before the patch. "
			"\"Proven\" says what %pK does instead: at kernel.kptr_restrict=1 a "
			"reader without CAP_SYSLOG sees zeros where %p showed the hash, and one "
			"with CAP_SYSLOG the raw address; at 0 %pK prints the hash too; at 2 "
			"zeros for all. Files only root reads (debugfs, tracefs, procfs of mode "
			"0400) are left as they are.",
	.verdict_note_since = 4015,
},
