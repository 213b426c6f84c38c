/* SPDX-License-Identifier: GPL-2.0-only */
/* Running commands inside a system's root tree as its own programs, the way an installer does:
 * a child in a mount namespace of its own (proc, sysfs and a devpts of its own mounted there,
 * under the tree, and gone when it ends: nothing is mounted on this machine), chrooted into
 * the tree. */
#ifndef HB_CHROOT_RUN_H
#define HB_CHROOT_RUN_H

/* Runs each command of CMDS (a NULL-terminated list of NULL-terminated argument vectors) in
 * ROOT, in order, output appended to LOG, until one fails. Returns 0, the failing command's
 * exit status (1..255, 128+N for a signal), or -1 when the namespace or the chroot could not
 * be made (why in LOG). */
int chroot_run(const char *root, const char *const *const cmds[], const char *log);

#endif
