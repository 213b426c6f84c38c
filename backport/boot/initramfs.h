/* SPDX-License-Identifier: GPL-2.0-only */
/* The test initramfs: the guest programs (out/guest/initramfs.list, in gen_init_cpio's
 * format) plus the kernel's staged modules under /lib/modules/RELEASE, packed as an
 * uncompressed cpio (newc) by the kernel's own usr/gen_init_cpio. */
#ifndef HB_INITRAMFS_H
#define HB_INITRAMFS_H

/* Appends gen_init_cpio lines for every directory and regular file under
 * STAGING/lib/modules/RELEASE (symbolic links such as build/source are left out). */
char *initramfs_module_lines(const char *staging, const char *release);
/* gen_init_cpio lines that put host programs into the initramfs: PROGRAMS holds pairs
 * "GUEST-PATH", "HOST-PATH" (NULL-terminated); each program goes to its guest path, the
 * shared libraries ldd lists for it to their host paths (each once), with every folder they
 * need. NULL when a program is not on the host or ldd cannot list it: *MISSING then is its
 * host path. */
char *initramfs_host_programs(const char *const *programs, const char **missing);
/* Writes OUT_CPIO from GUEST_LIST + EXTRA (more gen_init_cpio lines, or NULL) + the
 * modules, using GEN_INIT_CPIO. 0 or -1 (see LOG). */
int initramfs_pack(const char *gen_init_cpio, const char *guest_list, const char *extra,
		   const char *staging,
		   const char *release, const char *out_cpio, const char *log);

#endif
