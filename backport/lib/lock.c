// SPDX-License-Identifier: GPL-2.0-only
#include "lock.h"

#include "fsutil.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <unistd.h>

int lock_acquire(const char *cache, const char *name)
{
	char *dir = fs_join(cache, "locks");
	char *path = xasprintf("%s/%s.lock", dir, name);
	int fd = -1;
	if (fs_mkdir_p(dir, 0755) == 0)
		fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK) {
			msg_info("waiting for another backport run that holds %s", path);
			if (flock(fd, LOCK_EX) != 0) {
				close(fd);
				fd = -1;
			}
		} else {
			close(fd);
			fd = -1;
		}
	}
	free(path);
	free(dir);
	return fd;
}

void lock_release(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}
