// SPDX-License-Identifier: GPL-2.0-only
/* What the boot did: multi-user.target reached and how fast, the units that failed, the
 * modules loaded, the autoloads refused; then the two services of the image that depend on
 * autoloads: systemd-networkd's netdevs and nftables' ruleset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "sys_cmd.h"
#include "workload.h"

struct sys_refusals boot_refusals;

/* The netdevs of test-system/rootfs/etc/systemd/network: a bridge, a vxlan, a dummy and a
 * vlan on it, each of a kind whose module a stock system autoloads. */
static const char *const netdevs[] = { "hbbr0", "hbvx0", "hbdm0", "hbvl0", NULL };

enum hb_verdict wl_boot(void)
{
	static char out[4096];
	const char *wait[] = { "systemctl", "is-system-running", "--wait", NULL };
	const char *when[] = { "systemctl", "show", "-P", "ActiveEnterTimestampMonotonic",
			       "multi-user.target", NULL };
	const char *failed[] = { "systemctl", "list-units", "--failed", "--plain", "--no-legend",
				 NULL };
	char state[64], line[4096];
	struct sys_names mods, requests;
	struct sys_mark m;

	long level = -1;

	wl_cmd_out(wait, 300, out, sizeof(out));
	if (hb_read_long("/proc/sys/kernel/modules_restrict", &level) == 0)
		ktap_diag("modules_restrict: %ld", level);
	else
		ktap_diag("modules_restrict: absent");
	snprintf(state, sizeof(state), "%.*s", (int)strcspn(out, "\n"), out);
	ktap_diag("system state: %s", state);
	if (wl_cmd_out(when, 30, out, sizeof(out)) == 0)
		ktap_diag("boot_seconds: %.1f", strtoll(out, NULL, 10) / 1e6);
	wl_cmd_out(failed, 30, out, sizeof(out));
	line[0] = '\0';
	for (char *save = NULL, *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		snprintf(line + strlen(line), sizeof(line) - strlen(line), "%s%.*s",
			 line[0] ? " " : "", (int)strcspn(l, " "), l);
	ktap_diag("failed_units: %s", line);
	sys_modules_now(&mods);
	sys_names_diag("modules_at_boot", &mods);
	/* the boot's own requests and refusals, from the start of both logs */
	sys_mark(&m, 1);
	sys_since(&m, &requests, &boot_refusals);
	sys_names_diag("requested_at_boot", &requests);
	for (size_t i = 0; i < boot_refusals.n; i++) {
		const struct sys_refusal *r = &boot_refusals.r[i];

		ktap_diag("refused_at_boot: %s by %s[%d] uid %ld unit %s module %s", r->alias, r->comm,
			  (int)r->pid, r->uid, r->unit[0] ? r->unit : "-",
			  r->module[0] ? r->module : "-");
	}
	return !strcmp(state, "running") ? HB_PASS : HB_FAIL;
}

enum hb_verdict wl_networkd_netdevs(void)
{
	int missing = 0;

	/* networkd makes them once it runs; give it time after the boot */
	for (int tries = 0; tries < 30; tries++) {
		missing = 0;
		for (int i = 0; netdevs[i]; i++) {
			char path[64];

			snprintf(path, sizeof(path), "/sys/class/net/%s", netdevs[i]);
			missing += access(path, F_OK) != 0;
		}
		if (!missing)
			break;
		sleep(1);
	}
	for (int i = 0; netdevs[i]; i++) {
		char path[64];

		snprintf(path, sizeof(path), "/sys/class/net/%s", netdevs[i]);
		ktap_diag("link %s: %s", netdevs[i], access(path, F_OK) ? "missing" : "made");
	}
	for (size_t i = 0; i < boot_refusals.n; i++)
		if (!strcmp(boot_refusals.r[i].unit, "systemd-networkd.service"))
			ktap_diag("systemd-networkd's autoload of %s was refused (module %s)",
				  boot_refusals.r[i].alias, boot_refusals.r[i].module[0]
								    ? boot_refusals.r[i].module
								    : "-");
	return missing ? HB_FAIL : HB_PASS;
}

enum hb_verdict wl_nftables_ruleset(void)
{
	static char out[8192];
	const char *active[] = { "systemctl", "is-active", "nftables.service", NULL };
	const char *list[] = { "nft", "list", "ruleset", NULL };
	int ok = wl_cmd(active, 30) == 0 && wl_cmd_out(list, 30, out, sizeof(out)) == 0;
	int ct = ok && strstr(out, "ct state"), nat = ok && strstr(out, "masquerade");

	ktap_diag("ruleset: ct state %s, nat %s", ct ? "loaded" : "missing",
		  nat ? "loaded" : "missing");
	return ct && nat ? HB_PASS : HB_FAIL;
}
