// SPDX-License-Identifier: GPL-2.0-only
/* A container started by root with systemd-nspawn: a tiny tree (busybox and our probe) in a
 * network namespace of its own. nspawn drops CAP_SYS_MODULE from the container's root, which
 * keeps uid 0 and CAP_NET_ADMIN over its own namespace. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys_cmd.h"
#include "workload.h"

#define T 120
#define TREE "/var/lib/machines/hbtiny"

static int copy(const char *from, const char *to)
{
	const char *argv[] = { "cp", "-a", from, to, NULL };

	return wl_cmd(argv, T);
}

/* The container's tree: busybox as its tools, our probe, an os-release (nspawn refuses a tree
 * that does not look like an OS). */
static int make_tree(void)
{
	static const char *const dirs[] = { TREE, TREE "/bin", TREE "/etc", TREE "/usr",
					    TREE "/usr/lib", TREE "/proc", TREE "/sys", TREE "/dev",
					    TREE "/run", TREE "/tmp", NULL };

	for (int i = 0; dirs[i]; i++)
		if (mkdir(dirs[i], 0755) < 0 && errno != EEXIST)
			return -1;
	return copy("/bin/busybox", TREE "/bin/busybox") || copy(SYS_PROBE, TREE "/hb-probe") ||
			       copy("/etc/os-release", TREE "/usr/lib/os-release")
		       ? -1
		       : 0;
}

static int nspawn(const char *network, const char *const cmd[], char *out, size_t len)
{
	const char *argv[16] = { "systemd-nspawn", "--quiet", "--register=no", "--keep-unit",
				 "--console=pipe", "-D", TREE, network };
	int n = 8;

	for (int i = 0; cmd[i] && n < 15; i++)
		argv[n++] = cmd[i];
	argv[n] = NULL;
	return wl_cmd_out(argv, T, out, len);
}

enum hb_verdict wl_container_nspawn(void)
{
	static char out[4096];
	const char *cmd[] = { "/bin/busybox", "ip", "-o", "link", NULL };

	if (make_tree() < 0) {
		ktap_diag("cannot make %s: %s", TREE, strerror(errno));
		return HB_FAIL;
	}
	if (nspawn("--network-veth", cmd, out, sizeof(out)) != 0)
		return HB_FAIL;
	ktap_diag("the container's links: %s", strstr(out, "host0") ? "lo and host0" : out);
	return strstr(out, "host0") ? HB_PASS : HB_FAIL;
}

/* The probe's lines, for whoever reads why a run failed. */
static void say_lines(char *out)
{
	for (char *save = NULL, *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		ktap_diag("  %s", l);
}

enum hb_verdict wl_container_root_autoload(void)
{
	static char out[4096];
	const char *plain[] = { "/hb-probe", "surface", NULL };
	const char *ns[] = { "/hb-probe", "surface-ns", NULL };
	int a = nspawn("--private-network", plain, out, sizeof(out));

	if (a)
		say_lines(out);
	int b = nspawn("--private-network", ns, out, sizeof(out));

	if (b)
		say_lines(out);
	return a == 0 && b == 0 ? HB_PASS : HB_FAIL;
}
