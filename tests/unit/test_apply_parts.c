// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the pieces of `backport apply` and `build` that need no kernel tree:
 * sysctl documentation, feature selection, diff file lists, rule options, config checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apply_series.h"
#include "diff_order.h"
#include "doc_sysctl.h"
#include "feature_table.h"
#include "kconfig_entry.h"
#include "fsutil.h"
#include "kconfig_check.h"
#include "spatch_run.h"
#include "worktree.h"
#include "test_files.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char rst[] =
	"===================================\n"
	"Documentation for /proc/sys/kernel/\n"
	"===================================\n"
	"\n"
	"modprobe\n"
	"========\n"
	"\n"
	"The full path to the usermode helper.\n"
	"\n"
	"\n"
	"modules_disabled\n"
	"================\n"
	"\n"
	"A toggle value indicating if modules are allowed to be loaded.\n"
	"\n"
	"\n"
	".. _msgmni:\n"
	"\n"
	"msgmax, msgmnb, and msgmni\n"
	"==========================\n"
	"\n"
	"Message queues.\n";

static void rst_entry_goes_before_the_next_section_and_its_label(void **state)
{
	(void)state;
	assert_true(doc_sysctl_has(rst, DOC_FORMAT_RST, "modules_disabled"));
	assert_false(doc_sysctl_has(rst, DOC_FORMAT_RST, "modules_restrict"));
	char *out = doc_sysctl_insert(rst, DOC_FORMAT_RST, "modules_restrict", "Body line.");
	assert_non_null(out);
	const char *entry = strstr(out, "modules_restrict\n================\n\nBody line.\n\n\n.. _msgmni:");
	assert_non_null(entry);
	assert_true(entry > strstr(out, "modules_disabled\n"));
	assert_true(doc_sysctl_has(out, DOC_FORMAT_RST, "modules_restrict"));
	free(out);
}

static const char txt[] =
	"Documentation for /proc/sys/kernel/\tkernel version 2.6.29\n"
	"\n"
	"Currently, these files might (depending on your configuration)\n"
	"show up in /proc/sys/kernel:\n"
	"- acct\n"
	"- ctrl-alt-del\n"
	"- domainname\n"
	"- modules_disabled\n"
	"- msgmax\n"
	"\n"
	"==============================================================\n"
	"\n"
	"acct:\n"
	"\n"
	"highwater lowwater frequency\n"
	"\n"
	"==============================================================\n"
	"\n"
	"domainname & hostname:\n"
	"\n"
	"These files can be used to set the NIS/YP domainname.\n"
	"\n"
	"==============================================================\n"
	"\n"
	"modules_disabled:\n"
	"\n"
	"A toggle value.\n"
	"\n"
	"==============================================================\n"
	"\n"
	"msgmax:\n"
	"\n"
	"Message queues.\n";

static void txt_entry_goes_in_the_list_and_between_sections(void **state)
{
	(void)state;
	assert_true(doc_sysctl_has(txt, DOC_FORMAT_TXT, "modules_disabled"));
	assert_true(doc_sysctl_has(txt, DOC_FORMAT_TXT, "domainname"));
	assert_false(doc_sysctl_has(txt, DOC_FORMAT_TXT, "dmesg_restrict"));
	char *out = doc_sysctl_insert(txt, DOC_FORMAT_TXT, "dmesg_restrict", "Body.");
	assert_non_null(out);
	assert_non_null(strstr(out, "- ctrl-alt-del\n- dmesg_restrict\n- domainname\n"));
	assert_non_null(strstr(out, "\n\n==============================================================\n"
				    "\ndmesg_restrict:\n\nBody.\n\n"
				    "==============================================================\n"
				    "\ndomainname & hostname:"));
	free(out);
	out = doc_sysctl_insert(txt, DOC_FORMAT_TXT, "modules_restrict", "Body.");
	assert_non_null(strstr(out, "- modules_disabled\n- modules_restrict\n- msgmax\n"));
	assert_non_null(strstr(out, "A toggle value.\n\n=================="
				    "============================================\n\nmodules_restrict:\n"));
	free(out);
}

static void features_are_selected_by_name(void **state)
{
	(void)state;
	unsigned mask;
	char err[256];
	assert_int_equal(features_select("kallsyms_mode,modules_restrict", &mask, err, sizeof(err)), 0);
	assert_int_equal(mask, (1u << (feature_find("kallsyms_mode") - features)) |
				       (1u << (feature_find("modules_restrict") - features)));
	assert_int_equal(features_select("kallsyms_mode,nosuch", &mask, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown feature 'nosuch' (known: kallsyms_mode"));
	assert_int_equal(features_select(",", &mask, err, sizeof(err)), -1);
}

static void diff_files_are_listed_once(void **state)
{
	(void)state;
	const char *diff = "diff -u -p a/kernel/kmod.c b/kernel/kmod.c\n--- a/kernel/kmod.c\n"
			   "+++ b/kernel/kmod.c\n@@ -1 +1 @@\n-a\n+b\n"
			   "--- a/kernel/sysctl.c\n+++ b/kernel/sysctl.c\t2010-11-07\n"
			   "--- a/kernel/kmod.c\n+++ b/kernel/kmod.c\n";
	char **files = worktree_diff_files(diff);
	assert_string_equal(files[0], "kernel/kmod.c");
	assert_string_equal(files[1], "kernel/sysctl.c");
	assert_null(files[2]);
	for (char **f = files; *f; f++)
		free(*f);
	free(files);
}

static void rule_options_come_from_the_header(void **state)
{
	(void)state;
	char path[] = "/tmp/hb-rule-XXXXXX";
	int fd = mkstemp(path);
	const char *text = "/// x\n// Confidence: High\n// Options: --no-includes --include-headers\n"
			   "virtual patch\n";
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	char **w = spatch_rule_options(path);
	assert_string_equal(w[0], "--no-includes");
	assert_string_equal(w[1], "--include-headers");
	assert_null(w[2]);
	spatch_free_words(w);
	unlink(path);
}

static void config_options_that_did_not_survive_are_listed(void **state)
{
	(void)state;
	const char *fragment = "CONFIG_PACKET=m\nCONFIG_PROC_FS=y\n# CONFIG_EMBEDDED is not set\n"
			       "CONFIG_CMDLINE=\"x\"\n# a comment\n";
	const char *config = "CONFIG_PACKET=y\nCONFIG_PROC_FS=y\nCONFIG_EMBEDDED=y\n";
	char *missing;
	assert_int_equal(kconfig_check(fragment, config, NULL, &missing, NULL), 3);
	assert_non_null(strstr(missing, "CONFIG_PACKET=m (got: y)"));
	assert_non_null(strstr(missing, "CONFIG_EMBEDDED=n (got: y)"));
	assert_non_null(strstr(missing, "CONFIG_CMDLINE=\"x\" (got: not set)"));
	free(missing);
	assert_int_equal(kconfig_check("CONFIG_PACKET=m\n", "CONFIG_PACKET=m\n", NULL, &missing, NULL), 0);
	free(missing);
}

static void config_option_younger_than_the_tree_is_not_required(void **state)
{
	(void)state;
	const char *fragment = "# hb: since 5.15\nCONFIG_MCTP=y\nCONFIG_NET_9P=y\n";
	const char *old = "#\n# Linux/x86 5.10.223 Kernel Configuration\nCONFIG_NET_9P=y\n";
	const char *new = "#\n# Linux/x86 6.1.176 Kernel Configuration\nCONFIG_NET_9P=y\n";
	char *missing;
	assert_int_equal(kconfig_check(fragment, old, NULL, &missing, NULL), 0);
	free(missing);
	assert_int_equal(kconfig_check(fragment, new, NULL, &missing, NULL), 1);
	assert_non_null(strstr(missing, "CONFIG_MCTP=y (got: not set)"));
	free(missing);
	/* the marker covers the next line only */
	assert_int_equal(kconfig_check(fragment, "# Linux/x86 5.10.1 Kernel Configuration\n", NULL, &missing, NULL), 1);
	assert_non_null(strstr(missing, "CONFIG_NET_9P=y"));
	free(missing);
	/* an option a tree no longer has, and one of a range of versions (both markers) */
	const char *range = "# hb: before 6.15\nCONFIG_TEST_PRINTF=m\n"
			    "# hb: since 5.15\n# hb: before 6.15\nCONFIG_TEST_SCANF=m\n";
	const char *v6_1 = "# Linux/x86 6.1.176 Kernel Configuration\n";
	assert_int_equal(kconfig_check(range, v6_1, NULL, &missing, NULL), 2);
	free(missing);
	char *absent;
	assert_int_equal(kconfig_check(range, "# Linux/x86 7.2.13 Kernel Configuration\n", NULL,
				       &missing, &absent), 0);
	assert_string_equal(absent, "CONFIG_TEST_PRINTF, CONFIG_TEST_SCANF");
	free(absent);
	free(missing);
	assert_int_equal(kconfig_check(range, old, NULL, &missing, NULL), 1);
	assert_non_null(strstr(missing, "CONFIG_TEST_PRINTF=m"));
	free(missing);
}

/* An option a hardening adds (its Kconfig entry is in the patched tree only) is required
 * where the tree declares it and nowhere else. */
static void config_option_of_a_hardening_is_required_where_declared(void **state)
{
	(void)state;
	char dir[] = "/tmp/hb-kconfig-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *vanilla = fs_join(dir, "vanilla"), *patched = fs_join(dir, "patched");
	put(vanilla, "kernel/module/Kconfig", "config MODULE_UNLOAD\n\tbool \"unload\"\n");
	put(patched, "kernel/module/Kconfig",
	    "config MODULES_RESTRICT_DEFAULT\n\tint \"x\"\n\nconfig MODULE_UNLOAD\n");
	put(patched, ".git/Kconfig", "config HB_ONLY_IN_DOT_GIT\n");
	const char *fragment = "# hb: where declared\nCONFIG_MODULES_RESTRICT_DEFAULT=1\n"
			       "CONFIG_NET_9P=y\n";
	char *missing;
	char *absent;
	assert_int_equal(kconfig_check(fragment, "CONFIG_NET_9P=y\n", vanilla, &missing, &absent), 0);
	assert_string_equal(absent, "CONFIG_MODULES_RESTRICT_DEFAULT");
	free(absent);
	free(missing);
	assert_int_equal(kconfig_check(fragment, "CONFIG_MODULES_RESTRICT_DEFAULT=1\nCONFIG_NET_9P=y\n",
				       patched, &missing, &absent), 0);
	assert_string_equal(absent, "");
	free(absent);
	free(missing);
	assert_int_equal(kconfig_check(fragment, "CONFIG_NET_9P=y\n", patched, &missing, NULL), 1);
	assert_non_null(strstr(missing, "CONFIG_MODULES_RESTRICT_DEFAULT=1 (got: not set)"));
	free(missing);
	assert_int_equal(kconfig_check(fragment, "CONFIG_MODULES_RESTRICT_DEFAULT=1\nCONFIG_NET_9P=y\n",
				       patched, &missing, NULL), 0);
	free(missing);
	/* the marker covers the next line only */
	assert_int_equal(kconfig_check(fragment, "", vanilla, &missing, NULL), 1);
	assert_non_null(strstr(missing, "CONFIG_NET_9P=y"));
	free(missing);
	assert_true(kconfig_declared(patched, "MODULE_UNLOAD"));
	assert_false(kconfig_declared(patched, "MODULE"));
	assert_false(kconfig_declared(patched, "HB_ONLY_IN_DOT_GIT"));
	assert_int_equal(fs_remove_tree(dir), 0);
	free(vanilla);
	free(patched);
}

/* An option that pulls in a heavy subsystem in some trees (TEST_KMOD selects XFS and Btrfs up
 * to 6.x) is left out of the build of those trees and said to be; kept in the others. */
static void config_option_that_selects_a_heavy_one_is_left_out_there(void **state)
{
	(void)state;
	char dir[] = "/tmp/hb-kconfig-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *old = fs_join(dir, "old"), *new = fs_join(dir, "new");
	put(old, "lib/Kconfig.debug",
	    "config TEST_KMOD\n\ttristate \"kmod\"\n\tdepends on m\n\tselect TEST_LKM\n"
	    "\tselect XFS_FS\n\tselect TUN\n\nconfig TEST_LKM\n\ttristate\n\tselect XFS_FS_X\n");
	put(new, "lib/Kconfig.debug",
	    "config TEST_KMOD\n\ttristate \"kmod\"\n\tselect TEST_LKM\n\n"
	    "config TEST_LKM\n\ttristate\n\tselect XFS_FS\n");
	assert_true(kconfig_selects(old, "TEST_KMOD", "XFS_FS"));
	assert_false(kconfig_selects(old, "TEST_KMOD", "XFS"));
	assert_false(kconfig_selects(new, "TEST_KMOD", "XFS_FS")); /* another entry's select */
	assert_false(kconfig_selects(new, "NO_SUCH", "XFS_FS"));
	const char *fragment = "CONFIG_A=y\n\n# why\n# hb: unless it selects XFS_FS\n"
			       "# hb: where declared\nCONFIG_TEST_KMOD=m\nCONFIG_B=y\n";
	char *for_old = kconfig_fragment_for(fragment, old);
	assert_string_equal(for_old, "CONFIG_A=y\n\n# why\n# hb: unless it selects XFS_FS\n"
				     "# hb: where declared\nCONFIG_B=y\n");
	char *for_new = kconfig_fragment_for(fragment, new);
	assert_string_equal(for_new, fragment);
	char *missing, *absent;
	assert_int_equal(kconfig_check(fragment, "CONFIG_A=y\nCONFIG_B=y\n", old, &missing, &absent),
			 0);
	assert_string_equal(absent, "CONFIG_TEST_KMOD (it selects XFS_FS)");
	free(absent);
	free(missing);
	assert_int_equal(kconfig_check(fragment, "CONFIG_A=y\nCONFIG_B=y\n", new, &missing, &absent),
			 1);
	assert_non_null(strstr(missing, "CONFIG_TEST_KMOD=m (got: not set)"));
	free(absent);
	free(missing);
	free(for_old);
	free(for_new);
	assert_int_equal(fs_remove_tree(dir), 0);
	free(old);
	free(new);
}

static void patch_header_is_sendable(void **state)
{
	(void)state;
	const struct feature *f = feature_find("kallsyms_mode");
	char *text = series_patch_text(f, "--- a/x\n+++ b/x\n", "Debian's linux-source-6.1 6.1.1-1",
				       NULL, NULL, 1, 0);
	assert_int_equal(strncmp(text, "From ", 5), 0);
	assert_non_null(strstr(text, "\nSubject: [PATCH] kallsyms: "));
	assert_non_null(strstr(text, "cocci/kallsyms_mode.cocci on Debian's linux-source-6.1 6.1.1-1.\n---\n"));
	assert_non_null(strstr(text, "\n\n--- a/x\n+++ b/x\n-- \nhardening-backport\n"));
	free(text);
	char *name = series_patch_name(2, f);
	assert_string_equal(name, "0002-kallsyms_mode.patch");
	free(name);
}

static void files_spatch_gave_up_on_are_named_in_the_message(void **state)
{
	(void)state;
	const struct feature *f = feature_find("constify_ops");
	char *text = series_patch_text(f, "--- a/x\n+++ b/x\n", "Linux 6.6.57",
				       "not examined: 1 file timed out after 120 s "
				       "(drivers/net/ethernet/realtek/r8125/r8125_n.c)",
				       NULL, 4, 4);
	assert_non_null(strstr(text, "cocci/constify_ops.cocci on Linux 6.6.57.\n\n"
					   "spatch gave up on some files, which this patch may therefore "
					   "miss:\nnot examined: 1 file timed out after 120 s "
					   "(drivers/net/ethernet/realtek/r8125/r8125_n.c).\n---\n"));
	free(text);
	text = series_patch_text(f, "--- a/x\n+++ b/x\n", "Linux 6.6.57", NULL, NULL, 4, 4);
	assert_null(strstr(text, "gave up"));
	free(text);
}

static void diff_sections_are_sorted_by_path(void **state)
{
	(void)state;
	const char *diff = "diff -u -p a/kernel/sysctl.c b/kernel/sysctl.c\n--- a/kernel/sysctl.c\n"
			   "+++ b/kernel/sysctl.c\n@@ -1 +1 @@\n-a\n+b\n"
			   "diff -u -p a/include/linux/module.h b/include/linux/module.h\n"
			   "--- a/include/linux/module.h\n+++ b/include/linux/module.h\n@@ -1 +1 @@\n"
			   "--- x\n+++ y\n"
			   "--- a/Documentation/k.rst\n+++ b/Documentation/k.rst\n@@ -2 +2 @@\n";
	char *out = diff_sort_by_file(diff);
	assert_int_equal(strlen(out), strlen(diff));
	const char *doc = strstr(out, "--- a/Documentation/k.rst");
	const char *mod = strstr(out, "diff -u -p a/include/linux/module.h");
	const char *sys = strstr(out, "diff -u -p a/kernel/sysctl.c");
	assert_true(doc == out && doc < mod && mod < sys);
	/* a removed line that looks like a header stays inside its hunk */
	assert_non_null(strstr(out, "@@ -1 +1 @@\n--- x\n+++ y\n"));
	free(out);
	out = diff_sort_by_file("");
	assert_string_equal(out, "");
	free(out);
}

static void diff_sections_of_dropped_files_are_left_out(void **state)
{
	(void)state;
	const char *diff = "diff -u -p a/fs/9p/xattr.c b/fs/9p/xattr.c\n--- a/fs/9p/xattr.c\n"
			   "+++ b/fs/9p/xattr.c\n@@ -1 +1 @@\n-a\n+b\n"
			   "diff -u -p a/net/mctp/af_mctp.c b/net/mctp/af_mctp.c\n"
			   "--- a/net/mctp/af_mctp.c\n+++ b/net/mctp/af_mctp.c\n@@ -1 +1 @@\n-c\n+d\n";
	char *drop[] = { "fs/9p/xattr.c", NULL };
	char *out = diff_without_files(diff, drop);
	assert_string_equal(out, strstr(diff, "diff -u -p a/net/"));
	free(out);
	char *none[] = { "fs/other.c", NULL };
	out = diff_without_files(diff, none);
	assert_string_equal(out, diff);
	free(out);
	char *both[] = { "net/mctp/af_mctp.c", "fs/9p/xattr.c", NULL };
	out = diff_without_files(diff, both);
	assert_string_equal(out, "");
	free(out);
}

/* kernel/module/Kconfig of 6.1, shortened: the option goes inside "if MODULES", before
 * MODULE_UNLOAD; a symbol named only in another's text is not declared. */
static void kconfig_option_goes_before_its_anchor(void **state)
{
	(void)state;
	static const char text[] =
		"menuconfig MODULES\n"
		"\tbool \"Enable loadable module support\"\n"
		"\n"
		"if MODULES\n"
		"\n"
		"config MODULE_FORCE_LOAD\n"
		"\tbool \"Forced module loading\"\n"
		"\n"
		"config MODULE_UNLOAD\n"
		"\tbool \"Module unloading\"\n"
		"\t  depends on MODULE_UNLOAD_TAINT_TRACKING\n"
		"\n"
		"endif # MODULES\n";
	const struct feature *f = feature_find("modules_restrict");
	assert_non_null(f);
	assert_true(kconfig_declares(text, "MODULE_UNLOAD"));
	assert_false(kconfig_declares(text, "MODULE_UNLOAD_TAINT_TRACKING"));
	assert_false(kconfig_declares(text, "MODULES"));
	assert_false(kconfig_declares(text, f->kconfig_symbol));
	char *out = kconfig_insert_before(text, f->kconfig_anchor, f->kconfig_entry);
	assert_non_null(out);
	char *entry = strstr(out, "config MODULES_RESTRICT_DEFAULT\n\tint ");
	assert_non_null(entry);
	assert_true(entry > strstr(out, "if MODULES\n"));
	assert_ptr_equal(strstr(entry, "config MODULE_UNLOAD\n"), entry + strlen(f->kconfig_entry));
	assert_true(kconfig_declares(out, f->kconfig_symbol));
	assert_null(kconfig_insert_before(text, "MODULE_SIG", f->kconfig_entry));
	free(out);
}

/* A tree without the anchor (tiocsti_restrict's LDISC_AUTOLOAD, 5.1): the entry goes right
 * after its neighbour's, LEGACY_PTY_COUNT, before whatever follows it. */
static void kconfig_option_goes_after_its_neighbour(void **state)
{
	(void)state;
	static const char text[] =
		"config LEGACY_PTY_COUNT\n"
		"\tint \"Maximum number of legacy PTY in use\"\n"
		"\tdepends on LEGACY_PTYS\n"
		"\thelp\n"
		"\t  The maximum number of legacy PTYs that can be used at any one time.\n"
		"\n"
		"\t  When not in use, each legacy PTY occupies 12 bytes.\n"
		"\n"
		"config BFIN_JTAG_COMM\n"
		"\ttristate \"Blackfin JTAG Communication\"\n";
	const struct feature *f = feature_find("tiocsti_restrict");
	assert_non_null(f);
	assert_null(kconfig_insert_before(text, f->kconfig_anchor, f->kconfig_entry));
	char *out = kconfig_insert_after(text, f->kconfig_after, f->kconfig_entry);
	assert_non_null(out);
	char *entry = strstr(out, "config LEGACY_TIOCSTI\n");
	assert_non_null(entry);
	assert_true(entry > strstr(out, "occupies 12 bytes.\n\n"));
	assert_ptr_equal(strstr(out, "config BFIN_JTAG_COMM\n"), entry + strlen(f->kconfig_entry));
	free(out);
	/* the last entry of a file: at the end */
	out = kconfig_insert_after("config A\n\tbool \"a\"\n", "A", "config B\n");
	assert_string_equal(out, "config A\n\tbool \"a\"\nconfig B\n");
	free(out);
	assert_null(kconfig_insert_after(text, "SERIAL_NONSTANDARD", f->kconfig_entry));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rst_entry_goes_before_the_next_section_and_its_label),
		cmocka_unit_test(txt_entry_goes_in_the_list_and_between_sections),
		cmocka_unit_test(features_are_selected_by_name),
		cmocka_unit_test(diff_files_are_listed_once),
		cmocka_unit_test(rule_options_come_from_the_header),
		cmocka_unit_test(config_options_that_did_not_survive_are_listed),
		cmocka_unit_test(config_option_younger_than_the_tree_is_not_required),
		cmocka_unit_test(config_option_of_a_hardening_is_required_where_declared),
		cmocka_unit_test(config_option_that_selects_a_heavy_one_is_left_out_there),
		cmocka_unit_test(patch_header_is_sendable),
		cmocka_unit_test(files_spatch_gave_up_on_are_named_in_the_message),
		cmocka_unit_test(diff_sections_are_sorted_by_path),
		cmocka_unit_test(diff_sections_of_dropped_files_are_left_out),
		cmocka_unit_test(kconfig_option_goes_before_its_anchor),
		cmocka_unit_test(kconfig_option_goes_after_its_neighbour),
	};
	return cmocka_run_group_tests_name("apply_parts", tests, NULL, NULL);
}
