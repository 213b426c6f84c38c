/* SPDX-License-Identifier: GPL-2.0-only */
/* The workloads hb-system runs on a booted Debian system, one KTAP case each, in the order of
 * workloads[]. The kind of a case is in its name's prefix, which the driver reads too
 * (backport/system/system_result.c):
 *   boot, networkd_*, nftables_*, admin_*, container_nspawn
 *        what a system does: ok when it worked;
 *   user_*, container_root_*
 *        what an ordinary user or a container's root does to get a module loaded (or to type
 *        into root's terminal): ok when the kernel asked for no module and loaded none (when
 *        the injection was refused), not ok when the door is open;
 *   level2_*
 *        kernel.modules_restrict set to 2 after boot (only with hb.level2 on the command line).
 * Every case prints, besides its own diagnostics, what the kernel did while it ran:
 *   # requested: ALIAS...   what the kernel asked modprobe for
 *   # loaded: MODULE...     modules that were not loaded before
 *   # refused: ALIAS by COMM[PID] uid UID unit UNIT module MODULE
 *                           an autoload kernel.modules_restrict refused
 * The case boot also prints the boot's own: boot_seconds, modules_restrict (the level, or
 * "absent"), failed_units, modules_at_boot, requested_at_boot and refused_at_boot lines; and
 * after the last case the document ends with modules_at_end lines. */
#ifndef HB_WORKLOAD_H
#define HB_WORKLOAD_H

#include "ktap.h"
#include "sys_state.h"

/* Where the image has our programs. */
#define SYS_LIB_DIR "/usr/local/lib/hb"
#define SYS_PROBE SYS_LIB_DIR "/hb-probe"

enum workload_kind {
	WL_SYSTEM, /* the case's verdict */
	WL_ATTACK, /* judged by what the kernel did: ok when no request and no load; the case's
		    * HB_FAIL says the action could not even be tried */
	WL_INJECT, /* the case's verdict: ok when the injection was refused */
	WL_LEVEL2, /* the case's verdict; runs only with hb.level2 on the command line */
};

struct workload {
	const char *name;
	enum workload_kind kind;
	/* HB_PASS or HB_FAIL, as its kind says */
	enum hb_verdict (*run)(void);
};

extern const struct workload workloads[];
extern const size_t n_workloads;

/* What the boot left, for the cases that report on it (filled by the boot case). */
extern struct sys_refusals boot_refusals;

/* Runs ARGV as root; prints "$ COMMAND -> STATUS" and, when it failed, its first output line.
 * Returns its exit status. */
int wl_cmd(const char *const argv[], unsigned timeout_s);
/* Runs the shell command line CMD as the ordinary user (su -), reported as wl_cmd does. */
int wl_user_cmd(const char *cmd, unsigned timeout_s);
/* Like wl_cmd, and keeps the output in OUT (OUTLEN bytes). */
int wl_cmd_out(const char *const argv[], unsigned timeout_s, char *out, size_t outlen);

enum hb_verdict wl_boot(void);
enum hb_verdict wl_networkd_netdevs(void);
enum hb_verdict wl_nftables_ruleset(void);
enum hb_verdict wl_admin_link_bridge(void);
enum hb_verdict wl_admin_link_vlan(void);
enum hb_verdict wl_admin_link_veth(void);
enum hb_verdict wl_admin_link_vxlan(void);
enum hb_verdict wl_admin_xfrm_esp4(void);
enum hb_verdict wl_admin_xfrm_esp6(void);
enum hb_verdict wl_admin_mount_ext4(void);
enum hb_verdict wl_admin_mount_vfat(void);
enum hb_verdict wl_admin_mount_iso9660(void);
enum hb_verdict wl_admin_mount_squashfs(void);
enum hb_verdict wl_admin_modprobe(void);
enum hb_verdict wl_container_nspawn(void);
enum hb_verdict wl_container_root_autoload(void);
enum hb_verdict wl_user_algif_aead(void);
enum hb_verdict wl_user_esp_in_userns(void);
enum hb_verdict wl_user_rxrpc_socket(void);
enum hb_verdict wl_user_autoload_surface(void);
enum hb_verdict wl_user_tiocsti(void);
enum hb_verdict wl_level2_locks(void);

#endif
