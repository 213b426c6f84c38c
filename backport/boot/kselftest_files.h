/* SPDX-License-Identifier: GPL-2.0-only */
/* The kernel's selftest scripts that the guest's suite kernel_tests runs, taken from the
 * kernel's own tree, and the user space they call, taken from the host's Debian packages
 * (not busybox: its dd splits a write that sysctl.sh makes in one), as initramfs lines:
 *   /hb/selftests/sysctl/sysctl.sh      tools/testing/selftests/sysctl/sysctl.sh (test_sysctl)
 *   /hb/selftests/kmod/kmod.sh          tools/testing/selftests/kmod/kmod.sh (test_kmod)
 *   /hb/selftests/proc/NAME             the programs of tools/testing/selftests/proc, built
 *                                       static with the tree's own Makefile into BUILD_DIR
 *   /usr/bin/bash                       bash-static's /bin/bash-static
 *   /usr/bin/{perl,getconf,dd,diff,...}  perl-base, libc-bin, coreutils, diffutils, ...,
 *                                       with the shared libraries they need
 *   /usr/bin/{kmod,modprobe,capsh}      kmod's /bin/kmod (twice: kmod acts by its name) and
 *                                       libcap2-bin's capsh, for kmod.sh */
#ifndef HB_KSELFTEST_FILES_H
#define HB_KSELFTEST_FILES_H

/* gen_init_cpio lines for the selftests of TREE: sysctl.sh and kmod.sh where the staging
 * (STAGING/lib/modules/RELEASE) holds the test module each drives, and the proc selftests, built into
 * BUILD_DIR/selftests/proc (log BUILD_DIR/selftests.log; a program that does not build is
 * left out, and *LEFT_OUT counts it); "" when none. NULL when the host lacks a program they
 * call: *PACKAGE then names the Debian package to install. */
char *kselftest_lines(const char *tree, const char *staging, const char *release,
		      const char *build_dir, int *left_out, const char **package);

#endif
