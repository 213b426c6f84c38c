// SPDX-License-Identifier: GPL-2.0-only
/* hb-modprobe: the image's kernel.modprobe (/etc/sysctl.d/90-hb-modprobe.conf). The kernel runs
 * it as "hb-modprobe -q -- NAME" for every module it asks for; it appends NAME to
 * /run/hb-system/modprobe.log, so that a test sees what the kernel ASKED for and not only what
 * ended loaded, then runs the real /sbin/modprobe with the same arguments. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys_state.h"

#define REAL_MODPROBE "/sbin/modprobe"

int main(int argc, char **argv)
{
	const char *name = NULL;

	for (int i = 1; i < argc; i++)
		if (argv[i][0] != '-' || !strcmp(argv[i - 1], "--"))
			name = argv[i];
	mkdir("/run/hb-system", 0755);
	int fd = open(SYS_MODPROBE_LOG, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);

	if (fd >= 0 && name) {
		dprintf(fd, "%s\n", name);
		close(fd);
	}
	argv[0] = "modprobe";
	execv(REAL_MODPROBE, argv);
	perror(REAL_MODPROBE);
	return 1;
}
