/* SPDX-License-Identifier: GPL-2.0-only */
/* How the guest prints its sysctls and command line on the console for the host to cut out
 * (test-initramfs/src/sysctl_dump.c prints, backport/console/sysctl_dump.c cuts): at each point of
 * the run, a block
 *
 *   hb-sysctl-begin LABEL
 *   hb-cmdline: CONTENTS OF /proc/cmdline
 *   KEY = VALUE          (as `sysctl -a` prints them, one line per line of a value)
 *   ...
 *   hb-sysctl-end LABEL N    (N: the KEY = VALUE lines printed)
 *
 * The lines carry no '#' and no "ok": to the KTAP parser they are noise, as kernel messages
 * are, and no diagnostic of a suite. */
#ifndef HB_SYSCTL_DUMP_FORMAT_H
#define HB_SYSCTL_DUMP_FORMAT_H

#define HB_DUMP_BEGIN "hb-sysctl-begin "
#define HB_DUMP_END "hb-sysctl-end "
#define HB_DUMP_CMDLINE "hb-cmdline: "
/* The points: at boot, before /init writes any sysctl; after the last suite (modules_lock
 * leaves kernel.modules_restrict at 2 where it ran). */
#define HB_DUMP_AT_BOOT "boot"
#define HB_DUMP_AT_END "end"

#endif
