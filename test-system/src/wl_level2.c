// SPDX-License-Identifier: GPL-2.0-only
/* kernel.modules_restrict set to 2 on a running system, as an administrator locks a machine
 * after boot: then nobody loads or unloads a module, root's autoloads are refused too, the value
 * and kernel.modprobe no longer change. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sys_cmd.h"
#include "workload.h"

#define LEVEL "/proc/sys/kernel/modules_restrict"
#define MODPROBE "/proc/sys/kernel/modprobe"

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return errno;
	if (write(fd, text, strlen(text)) < 0)
		rc = errno;
	close(fd);
	return rc;
}

enum hb_verdict wl_level2_locks(void)
{
	const char *unload[] = { "modprobe", "-r", "tun", NULL };
	const char *autoload[] = { SYS_PROBE, "socket", "33", "2", "2", NULL };
	int set = write_text(LEVEL, "2\n");
	int lower = write_text(LEVEL, "1\n");
	int helper = write_text(MODPROBE, "/tmp/hb-not-modprobe\n");
	int rm_failed = wl_cmd(unload, 60) != 0 && access("/sys/module/tun", F_OK) == 0;
	struct sys_mark m;
	struct sys_names requests;
	struct sys_refusals refused;

	ktap_diag("write 2: %s; write 1 afterwards: %s; write kernel.modprobe: %s",
		  set ? strerror(set) : "ok", lower ? strerror(lower) : "ok",
		  helper ? strerror(helper) : "ok");
	ktap_diag("root's modprobe -r tun: %s", rm_failed ? "refused" : "unloaded");
	sys_mark(&m, 0);
	wl_cmd(autoload, 60);
	sys_since(&m, &requests, &refused);
	ktap_diag("root's AF_RXRPC socket: %zu request(s), %zu refusal line(s)", requests.n,
		  refused.lines);
	return !set && lower == EPERM && helper == EPERM && rm_failed && !requests.n &&
			       refused.lines
		       ? HB_PASS
		       : HB_FAIL;
}
