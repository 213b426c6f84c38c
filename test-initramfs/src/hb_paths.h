/* SPDX-License-Identifier: GPL-2.0-only */
/* Fixed paths and identities shared by /init, /sbin/modprobe and the suites. */
#ifndef HB_PATHS_H
#define HB_PATHS_H

#define HB_SYSCTL_MODULES_RESTRICT "/proc/sys/kernel/modules_restrict"
#define HB_SYSCTL_MODULES_DISABLED "/proc/sys/kernel/modules_disabled"
#define HB_SYSCTL_DMESG_RESTRICT "/proc/sys/kernel/dmesg_restrict"
#define HB_SYSCTL_KPTR_RESTRICT "/proc/sys/kernel/kptr_restrict"
#define HB_SYSCTL_MODPROBE "/proc/sys/kernel/modprobe"
#define HB_SYSCTL_CORE_PATTERN "/proc/sys/kernel/core_pattern"
#define HB_SYSCTL_HOTPLUG "/proc/sys/kernel/hotplug"
#define HB_UEVENT_HELPER "/sys/kernel/uevent_helper"
#define HB_SYSCTL_LEGACY_TIOCSTI "/proc/sys/dev/tty/legacy_tiocsti"
#define HB_SYSCTL_IO_URING_DISABLED "/proc/sys/kernel/io_uring_disabled"
#define HB_SYSCTL_IO_URING_GROUP "/proc/sys/kernel/io_uring_group"
#define HB_SYSCTL_USERNS_CLONE "/proc/sys/kernel/unprivileged_userns_clone"
#define HB_KALLSYMS "/proc/kallsyms"
/* constify_ops's manifest, "SYMBOL FILE" a line, added by the driver when apply made tables const */
#define HB_CONSTIFIED "/hb/constified"
#define HB_KMSG "/dev/kmsg"
#define HB_PTMX "/dev/ptmx"
#define HB_SND_SEQ "/dev/snd/seq"
/* the first virtual console (CONFIG_VT), where TIOCLINUX works */
#define HB_VT1 "/dev/tty1"

#define HB_RUN_DIR "/run/hb"
#define HB_MODPROBE_LOG "/run/hb/modprobe.log"
#define HB_MODULES_ROOT "/lib/modules"
#define HB_SUITE_DIR "/hb/tests"
#define HB_MNT_DIR "/tmp/hb-mnt"

/* /init exports HB_GUEST_ENV=1 to the suites; they refuse to run without it,
 * so that starting one by mistake on a host changes nothing there. */
#define HB_GUEST_ENV "HB_GUEST"

/* The level the patched guest kernel starts at: test-initramfs/kernel.config builds it with
 * CONFIG_MODULES_RESTRICT_DEFAULT=1, and the driver boots it without modules_restrict=N. */
#define HB_RESTRICT_KCONFIG_DEFAULT 1

/* The unprivileged identity tests switch to (nobody/nogroup). */
#define HB_UNPRIV_ID 65534

#endif
