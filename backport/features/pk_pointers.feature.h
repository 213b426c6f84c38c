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
	       "bare %p tell every reader of the file where kernel objects lie. Print\n"
	       "them with %pK instead, so that kernel.kptr_restrict hides them: at 1\n"
	       "readers without CAP_SYSLOG see zeros, at 2 everybody does. Only\n"
	       "format strings that reach such files in process context are changed,\n"
	       "never printk (%pK in interrupt context prints \"pK-error\"). A tree\n"
	       "without %pK first gets it, with the kernel.kptr_restrict sysctl, as\n"
	       "Dan Rosenberg's 2.6.38 patch brought it.",
	.sysctls = { { .name = "kptr_restrict",
		       .body = "This toggle indicates whether restrictions are placed on\n"
			       "exposing kernel addresses via /proc and other interfaces.\n"
			       "When kptr_restrict is set to (0), the default, there are no\n"
			       "restrictions.  When kptr_restrict is set to (1), kernel\n"
			       "pointers printed using the %pK format specifier will be\n"
			       "replaced with 0's unless the user has CAP_SYSLOG.  When\n"
			       "kptr_restrict is set to (2), kernel pointers printed using\n"
			       "%pK will be replaced with 0's regardless of privileges." } },
},
