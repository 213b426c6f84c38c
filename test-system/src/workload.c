// SPDX-License-Identifier: GPL-2.0-only
#include "workload.h"

#include "sys_cmd.h"

#include <stdio.h>
#include <string.h>

/* The order matters: the user's and the container root's doors are tried before root's own
 * workloads load the same modules; the modules they loaded are unloaded after each (see
 * system_main.c), and level 2 comes last, as it stops all loading. */
const struct workload workloads[] = {
	{ "boot", WL_SYSTEM, wl_boot },
	{ "networkd_netdevs", WL_SYSTEM, wl_networkd_netdevs },
	{ "nftables_ruleset", WL_SYSTEM, wl_nftables_ruleset },
	{ "user_algif_aead", WL_ATTACK, wl_user_algif_aead },
	{ "user_esp_in_userns", WL_ATTACK, wl_user_esp_in_userns },
	{ "user_rxrpc_socket", WL_ATTACK, wl_user_rxrpc_socket },
	{ "user_autoload_surface", WL_ATTACK, wl_user_autoload_surface },
	{ "user_tiocsti_into_root_shell", WL_INJECT, wl_user_tiocsti },
	{ "admin_link_bridge", WL_SYSTEM, wl_admin_link_bridge },
	{ "admin_link_vlan", WL_SYSTEM, wl_admin_link_vlan },
	{ "admin_link_veth", WL_SYSTEM, wl_admin_link_veth },
	{ "admin_link_vxlan", WL_SYSTEM, wl_admin_link_vxlan },
	{ "admin_xfrm_esp4", WL_SYSTEM, wl_admin_xfrm_esp4 },
	{ "admin_xfrm_esp6", WL_SYSTEM, wl_admin_xfrm_esp6 },
	{ "admin_mount_ext4", WL_SYSTEM, wl_admin_mount_ext4 },
	{ "admin_mount_vfat", WL_SYSTEM, wl_admin_mount_vfat },
	{ "admin_mount_iso9660", WL_SYSTEM, wl_admin_mount_iso9660 },
	{ "admin_mount_squashfs", WL_SYSTEM, wl_admin_mount_squashfs },
	{ "admin_modprobe", WL_SYSTEM, wl_admin_modprobe },
	{ "container_nspawn", WL_SYSTEM, wl_container_nspawn },
	{ "container_root_autoload", WL_ATTACK, wl_container_root_autoload },
	{ "level2_locks", WL_LEVEL2, wl_level2_locks },
};

const size_t n_workloads = sizeof(workloads) / sizeof(workloads[0]);

static int report(const char *line, const struct sys_cmd_result *r)
{
	char first[300];

	sys_first_line(r, first, sizeof(first));
	if (r->timed_out)
		ktap_diag("$ %s -> timed out", line);
	else if (r->status)
		ktap_diag("$ %s -> exit %d: %s", line, r->status, first);
	else
		ktap_diag("$ %s -> ok", line);
	return r->timed_out ? 124 : r->status;
}

int wl_cmd_out(const char *const argv[], unsigned timeout_s, char *out, size_t outlen)
{
	static struct sys_cmd_result r;
	char line[600];

	sys_run(argv, timeout_s, &r);
	sys_argv_line(argv, line, sizeof(line));
	if (out)
		snprintf(out, outlen, "%s", r.out);
	return report(line, &r);
}

int wl_cmd(const char *const argv[], unsigned timeout_s)
{
	return wl_cmd_out(argv, timeout_s, NULL, 0);
}

int wl_user_cmd(const char *cmd, unsigned timeout_s)
{
	static struct sys_cmd_result r;
	char line[600];

	sys_run_user(cmd, timeout_s, &r);
	snprintf(line, sizeof(line), "su - %s -c '%s'", SYS_USER, cmd);
	if (!r.status && !r.timed_out && r.out[0]) /* the probe's own lines say what happened */
		for (char *save = NULL, *l = strtok_r(r.out, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save))
			ktap_diag("  %s", l);
	return report(line, &r);
}
