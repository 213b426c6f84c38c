// SPDX-License-Identifier: GPL-2.0-only
#include "boot_setup.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"

void hb_boot_console(void)
{
	int fd;

	if (fcntl(STDOUT_FILENO, F_GETFD) >= 0)
		return;
	fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	for (int i = 0; i < 3; i++)
		if (fd != i)
			dup2(fd, i);
	if (fd > 2)
		close(fd);
}

struct hb_mount {
	const char *source, *target, *type;
	unsigned long flags;
	const char *data;
	mode_t mode;
};

static const struct hb_mount mounts[] = {
	{ "proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, 0555 },
	{ "sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, 0555 },
	{ "devtmpfs", "/dev", "devtmpfs", MS_NOSUID, NULL, 0755 },
	{ "devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, "mode=0620,ptmxmode=0666", 0755 },
	{ "tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", 01777 },
	{ "tmpfs", "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755", 0755 },
};

static int mount_one(const struct hb_mount *m)
{
	if (mkdir(m->target, m->mode) < 0 && errno != EEXIST) {
		ktap_diag("mkdir %s: %s", m->target, hb_errname(errno));
		return 1;
	}
	if (mount(m->source, m->target, m->type, m->flags, m->data) < 0 && errno != EBUSY) {
		ktap_diag("mount -t %s %s: %s", m->type, m->target, hb_errname(errno));
		return 1;
	}
	return 0;
}

static int make_dir(const char *path, mode_t mode)
{
	if (mkdir(path, mode) < 0 && errno != EEXIST) {
		ktap_diag("mkdir %s: %s", path, hb_errname(errno));
		return 1;
	}
	return 0;
}

int hb_boot_mounts(void)
{
	int failures = 0, fd;

	for (size_t i = 0; i < sizeof(mounts) / sizeof(mounts[0]); i++)
		failures += mount_one(&mounts[i]);
	failures += make_dir(HB_RUN_DIR, 0755);
	failures += make_dir(HB_MNT_DIR, 0755);
	fd = open(HB_MODPROBE_LOG, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		ktap_diag("create %s: %s", HB_MODPROBE_LOG, hb_errname(errno));
		failures++;
	} else {
		close(fd);
	}
	/* devtmpfs gives ptmx 0666 already; make sure of it for the ldisc trigger. */
	chmod(HB_PTMX, 0666);
	return failures;
}

void hb_boot_sysctls(void)
{
	int rc = hb_write_str(HB_SYSCTL_MODPROBE, "/sbin/modprobe\n");

	if (rc < 0)
		ktap_diag("set %s: %s", HB_SYSCTL_MODPROBE, hb_errname(-rc));
	if (hb_exists(HB_SYSCTL_USERNS_CLONE)) {
		rc = hb_write_str(HB_SYSCTL_USERNS_CLONE, "1\n");
		if (rc < 0)
			ktap_diag("set %s: %s", HB_SYSCTL_USERNS_CLONE, hb_errname(-rc));
	}
}
