/* SPDX-License-Identifier: GPL-2.0-only */
/* What PID 1 sets up before any test: console, mounts, run directory,
 * the modprobe log, and a few sysctls the tests rely on. */
#ifndef HB_BOOT_SETUP_H
#define HB_BOOT_SETUP_H

/* Makes fds 0-2 the console if the kernel could not open it. */
void hb_boot_console(void);
/* Mounts proc, sysfs, devtmpfs, devpts, tmpfs /tmp and /run; creates the
 * run dir, the modprobe log and the mount point. Prints diagnostics for
 * anything that fails; returns the number of failures. */
int hb_boot_mounts(void);
/* modprobe path, unprivileged user namespaces (Debian's switch). */
void hb_boot_sysctls(void);

#endif
