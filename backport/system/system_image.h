/* SPDX-License-Identifier: GPL-2.0-only */
/* The Debian system of the system stage: a base made by mmdebstrap from Debian's archive
 * through the machine's apt sources (cached per suite and recipe), a root tree per kernel
 * package with the package installed as a user installs it, and the ext4 disk image QEMU boots,
 * made from the tree without mounting anything. */
#ifndef HB_SYSTEM_IMAGE_H
#define HB_SYSTEM_IMAGE_H

#include "ctx.h"

#include <stdbool.h>

/* The repo's files of the image (relative to the repo). */
#define SYSTEM_PACKAGES_LIST "test-system/packages.list"
#define SYSTEM_ROOTFS_DIR "test-system/rootfs"
/* The ordinary user the image has (test-system/src/sys_cmd.h: SYS_USER). */
#define SYSTEM_USER "hbuser"
/* Where the kernel package's fixes for kernel.modules_restrict go (modules-load.d(5)). */
#define SYSTEM_FIXES_FILE "etc/modules-load.d/hardening-backport.conf"

/* The packages of LIST_TEXT (one a line, '#' comments) joined by commas (malloc'd). */
char *system_packages_joined(const char *list_text);
/* The mmdebstrap command line for SUITE into OUT with the packages PACKAGES (comma-separated)
 * from the "deb ..." lines MIRRORS (NULL-terminated): malloc'd, NULL-terminated, each string
 * malloc'd (fs_free_list). */
char **system_mmdebstrap_argv(const char *suite, const char *packages, const char *out,
			      char *const *mirrors);

/* The base of SUITE: CACHE/system/base/SUITE-HASH.tar, HASH over the package list and the
 * recipe; made when missing or REFRESH, through a partial file renamed when whole (a failure
 * leaves nothing a later run takes as good). *TAR (malloc'd) on success. Returns an hb_exit
 * code: 3 naming what could not be fetched, with the log. */
int system_base_image(const struct hb_ctx *ctx, const char *suite, bool refresh, char **tar);

/* ROOT, made anew: the base TAR, the repo's rootfs files, the programs of OUT_SYSTEM
 * (hb-system, hb-probe, hb-modprobe), and the linux-image package of PACKAGES_DIR installed
 * with apt-get in the tree (its initrd made by the tree's initramfs-tools); the units enabled.
 * *RELEASE (malloc'd): the kernel release the tree boots. LOG gets every command. Returns an
 * hb_exit code. */
int system_rootfs(const struct hb_ctx *ctx, const char *tar, const char *out_system,
		  const char *packages_dir, const char *root, const char *log, char **release);

/* IMG, a 2 GiB ext4 image of ROOT (mkfs.ext4 -d: no mount), through a partial file. 0, or -1
 * with LOG saying why. */
int system_image_make(const char *root, const char *img, const char *log);

#endif
