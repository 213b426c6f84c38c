/* SPDX-License-Identifier: GPL-2.0-only */
/* One boot of the Debian system in QEMU (TCG, no network device: the guest has no way out):
 * the tree's own kernel and initrd, its image on the first virtio disk, an empty results disk
 * on the second, which hb-system fills with its KTAP document. */
#ifndef HB_SYSTEM_BOOT_H
#define HB_SYSTEM_BOOT_H

#include "system_result.h"

#include <stdbool.h>

struct system_boot_opts {
	const char *kernel;    /* ROOT/boot/vmlinuz-RELEASE */
	const char *initrd;    /* ROOT/boot/initrd.img-RELEASE */
	const char *image;     /* the ext4 image (written by the boot: one image a boot) */
	const char *dir;       /* where console.log and results.img go */
	const char *append;    /* more of the kernel command line ("modules_restrict=0"), or "" */
};

struct system_boot {
	bool ran;              /* QEMU ran */
	bool finished;         /* hb-system said it was done, no panic */
	char *problem;         /* why not: "timed out in user_esp_in_userns", "KERNEL PANIC" */
	char *console_log;
	double seconds;        /* the whole boot, wall clock */
	struct system_boot_result result;
	bool parsed;           /* the results disk held a KTAP document */
};

/* Boots as O says and reads the results. Returns 0 when QEMU ran (see B for the outcome), -1
 * when it could not (why in B->problem). */
int system_boot_run(const struct system_boot_opts *o, struct system_boot *b);
void system_boot_free(struct system_boot *b);
/* The stage a guest that stopped early was in, from its console OUTPUT: "in CASE" after
 * "hb-system: CASE ...", else "before hb-system started" (malloc'd). */
char *system_boot_stage(const char *output);

#endif
