/* SPDX-License-Identifier: GPL-2.0-only */
/* tiocsti_restrict: dev.tty.legacy_tiocsti (0/1): at 0, TIOCSTI needs CAP_SYS_ADMIN, as
 * upstream has it since 6.2; TIOCLINUX's copy and paste need CAP_SYS_ADMIN, as upstream has
 * it since 6.7.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/tiocsti_restrict.cocci; golden cases: cocci/tests/tiocsti_restrict/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "tiocsti_restrict",
	.subject = "tty: allow TIOCSTI to be disabled, restrict TIOCLINUX copy-and-paste",
	.why = "TIOCSTI pushes characters into a terminal's input as if typed: a\n"
	       "process that shares a terminal with a more privileged one (a sandbox\n"
	       "under su or sudo, a container started from an admin's shell) types\n"
	       "commands into the privileged shell after it exits (CVE-2016-7545,\n"
	       "CVE-2017-5226, CVE-2019-10063). Upstream made it optional in 6.2\n"
	       "(83efeeeb3d04, \"tty: Allow TIOCSTI to be disabled\"); this carries the\n"
	       "same interface to this tree: CONFIG_LEGACY_TIOCSTI sets the default\n"
	       "of the sysctl dev.tty.legacy_tiocsti, and at 0 TIOCSTI fails with\n"
	       "-EIO unless the caller has CAP_SYS_ADMIN. The entry is an int between\n"
	       "0 and 1, beside ldisc_autoload in this tree's dev.tty table where it\n"
	       "has one (proc_dobool() handles a bool only from 6.3); a tree without\n"
	       "that table gets one in tty_io.c, registered by tty_init().\n"
	       "\n"
	       "On a virtual console, TIOCLINUX's copy and paste is the same\n"
	       "injection by another door: select text, paste it into the input.\n"
	       "As upstream has it since 6.7 (8d1b43f6a6df, \"tty: Restrict access to\n"
	       "TIOCLINUX' copy-and-paste subcommands\"), with its fixes 2f83e38a095f\n"
	       "and ee6a44da3c87: TIOCL_PASTESEL and TIOCL_SELLOADLUT need\n"
	       "CAP_SYS_ADMIN, and so does TIOCL_SETSEL but in the modes that leave\n"
	       "the selection alone (TIOCL_SELCLEAR, TIOCL_SELPOINTER: the mouse\n"
	       "pointer of gpm and Emacs). After grsecurity's GRKERNSEC_HARDEN_TTY.",
	.kconfig_symbol = "LEGACY_TIOCSTI",
	.kconfig_anchor = "LDISC_AUTOLOAD",
	/* before 5.1, where upstream has it too: right after LEGACY_PTY_COUNT (drivers/char/ up
	 * to 2.6.35) */
	.kconfig_after = "LEGACY_PTY_COUNT",
	.kconfig_files = (const char *const[]){ "drivers/tty/Kconfig", "drivers/char/Kconfig",
						NULL },
	.kconfig_entry = "config LEGACY_TIOCSTI\n"
			 "\tbool \"Allow legacy TIOCSTI usage\"\n"
			 "\tdefault y\n"
			 "\thelp\n"
			 "\t  Historically the kernel has allowed TIOCSTI, which will push\n"
			 "\t  characters into a controlling TTY. This continues to be used\n"
			 "\t  as a malicious privilege escalation mechanism, and provides no\n"
			 "\t  meaningful real-world utility any more. Its use is considered\n"
			 "\t  a dangerous legacy operation, and can be disabled on most\n"
			 "\t  systems.\n"
			 "\n"
			 "\t  Say Y here only if you have confirmed that your system's\n"
			 "\t  userspace depends on this functionality to continue operating\n"
			 "\t  normally.\n"
			 "\n"
			 "\t  Processes which run with CAP_SYS_ADMIN, such as BRLTTY, can\n"
			 "\t  use TIOCSTI even when this is set to N.\n"
			 "\n"
			 "\t  This functionality can be changed at runtime with the\n"
			 "\t  dev.tty.legacy_tiocsti sysctl. This configuration option sets\n"
			 "\t  the default value of the sysctl.\n"
			 "\n",
	.checker = (const struct feature_check[]){
		{ "dev.tty.legacy_tiocsti", "the series' default is upstream's, 1 "
					    "(CONFIG_LEGACY_TIOCSTI=y): TIOCSTI keeps working until "
					    "it is set to 0" },
		{ "CONFIG_LEGACY_TIOCSTI", "default y, as upstream's since 6.2: userspace that "
					   "pushes input (brltty without CAP_SYS_ADMIN) keeps "
					   "working" },
		{ NULL, NULL } },
},
