/* SPDX-License-Identifier: GPL-2.0-only */
/* kallsyms_mode: /proc/kallsyms created with mode 0400 instead of 0444.
 * Its descriptor, one entry of features[] (feature_table.c includes it; struct feature
 * says what each field means).
 * Rule: cocci/kallsyms_mode.cocci; golden cases: cocci/tests/kallsyms_mode/;
 * guest suites: the HB_SUITE lines of suites.def that name it. */
{
	.name = "kallsyms_mode",
	.subject = "kallsyms: make /proc/kallsyms mode 0400",
	.why = "/proc/kallsyms lists every symbol of the running kernel and of its\n"
	       "modules, with its address. Create it readable by root only (0400\n"
	       "instead of 0444), as Marcus Meissner posted in 2010.\n"
	       "\n"
	       "Upstream merged this change for 2.6.37, commit 59365d136d20 (\"kernel:\n"
	       "make /proc/kallsyms mode 400 to reduce ease of attacking\"), and\n"
	       "reverted it before the release, commit 33e0d57f5d2f (\"Revert \"kernel:\n"
	       "make /proc/kallsyms mode 400 to reduce ease of attacking\"\"): klogd\n"
	       "read /proc/kallsyms after dropping root, and the machine that reported\n"
	       "it no longer booted. klogd looked up the symbols of oops addresses\n"
	       "itself, which the kernel does since 2.6 (CONFIG_KALLSYMS); sysklogd\n"
	       "stopped building klogd in 2.0 (2019) and removed it in 2.1, and Debian\n"
	       "12 ships no klogd package.\n"
	       "\n"
	       "What 0400 adds depends on the tree. From 2.6.38 to 4.14 the file\n"
	       "printed the addresses with %pK: at kernel.kptr_restrict=0, the\n"
	       "default, every reader saw them (before 2.6.38, at any setting). From\n"
	       "4.15 on, kallsyms_show_value() shows them to a reader with CAP_SYSLOG,\n"
	       "or to every reader while kptr_restrict is 0 and\n"
	       "kernel.perf_event_paranoid is 1 or less; the others read zeros. There\n"
	       "0400 hides the names, types and modules of the symbols, and the\n"
	       "addresses a perf_event_paranoid of 1 or less shows to everybody.\n"
	       "\n"
	       "What it costs: a reader that is not root gets EACCES where it read\n"
	       "zeros. perf and bcc read the file to name the kernel code in their\n"
	       "samples: a user whom perf_event_paranoid lets profile the kernel loses\n"
	       "those names unless a vmlinux file gives them. A process that holds\n"
	       "CAP_SYSLOG without uid 0 or CAP_DAC_READ_SEARCH, as a tracer run with\n"
	       "capabilities instead of root may, can no longer open the file. Tools\n"
	       "run as root are not affected.",
	.checker = (const struct feature_check[]){
		{ "CONFIG_KALLSYMS", "the tool (CLIP OS) asks for no kallsyms at all; the series "
				     "keeps them, readable by root only" },
		{ NULL, NULL } },
	.checker_lacks = "the mode of /proc/kallsyms: the tool has no check of it",
},
