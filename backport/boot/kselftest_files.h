/* SPDX-License-Identifier: GPL-2.0-only */
/* The kernel's selftest scripts that the guest's suite kernel_tests runs, taken from the
 * kernel's own tree, and the user space they call, taken from the host's Debian packages
 * (not busybox: its dd splits a write that sysctl.sh makes in one), as initramfs lines:
 *   /hb/selftests/sysctl/sysctl.sh      tools/testing/selftests/sysctl/sysctl.sh (test_sysctl)
 *   /usr/bin/bash                       bash-static's /bin/bash-static
 *   /usr/bin/{perl,getconf,dd,diff,...}  perl-base, libc-bin, coreutils, diffutils, ...,
 *                                       with the shared libraries they need */
#ifndef HB_KSELFTEST_FILES_H
#define HB_KSELFTEST_FILES_H

/* gen_init_cpio lines for the selftests of TREE whose test module the staging
 * (STAGING/lib/modules/RELEASE) holds: "" when none (a tree before the script, a config
 * without the module). NULL when the host lacks a program they call: *PACKAGE then names the
 * Debian package to install. */
char *kselftest_lines(const char *tree, const char *staging, const char *release,
		      const char **package);

#endif
