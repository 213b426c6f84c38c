/* SPDX-License-Identifier: GPL-2.0-only */
/* dmesg_restrict: kernel.dmesg_restrict (0/1): reading the kernel log needs privilege at 1.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/dmesg_restrict.cocci; golden cases: cocci/tests/dmesg_restrict/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "dmesg_restrict",
	.subject = "printk: add kernel.dmesg_restrict to restrict the kernel log",
	.why = "The kernel log holds addresses and other details that help an attacker.\n"
	       "With kernel.dmesg_restrict=1, reading it through syslog(2) needs\n"
	       "CAP_SYS_ADMIN; 0, the default, keeps the old behaviour (Dan Rosenberg,\n"
	       "2010, after grsecurity's GRKERNSEC_DMESG).",
	.sysctls = { { .name = "dmesg_restrict",
		       .body = "This toggle indicates whether unprivileged users are prevented\n"
			       "from using dmesg(8) to view messages from the kernel's log\n"
			       "buffer.  By default, it is set to (0), resulting in no\n"
			       "restrictions.  When set to (1), users must have CAP_SYS_ADMIN\n"
			       "to use dmesg(8)." } },
	.checker = (const struct feature_check[]){
		{ "kernel.dmesg_restrict", "off by default, as upstream keeps it (the series adds "
					   "the sysctl only where a tree lacks it, at 0)" },
		{ "CONFIG_SECURITY_DMESG_RESTRICT", "upstream's option, default n, which the series "
						    "leaves as it is" },
		{ NULL, NULL } },
},
