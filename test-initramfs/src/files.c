// SPDX-License-Identifier: GPL-2.0-only
#include "files.h"

#include "errname.h"
#include "ktap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int hb_read_file(const char *path, char *buf, size_t len)
{
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while (got + 1 < len) {
		ssize_t n = read(fd, buf + got, len - 1 - got);

		if (n < 0) {
			int err = errno;

			close(fd);
			return -err;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	close(fd);
	return (int)got;
}

int hb_read_long(const char *path, long *out)
{
	char buf[64], *end;
	int n = hb_read_file(path, buf, sizeof(buf));

	if (n < 0)
		return n;
	errno = 0;
	*out = strtol(buf, &end, 10);
	if (errno || end == buf)
		return -EINVAL;
	while (*end == ' ' || *end == '\n' || *end == '\t')
		end++;
	return *end ? -EINVAL : 0;
}

int hb_write_str(const char *path, const char *s)
{
	size_t len = strlen(s);
	ssize_t n;
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = write(fd, s, len);
	if (n < 0) {
		int err = errno;

		close(fd);
		return -err;
	}
	close(fd);
	return (size_t)n == len ? 0 : -EIO;
}

int hb_write_long(const char *path, long value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld\n", value);
	return hb_write_str(path, buf);
}

int hb_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

int hb_sysctl_set(const char *path, long value)
{
	long now = -1;
	int rc = hb_write_long(path, value);
	const char *name = strrchr(path, '/');

	if (rc == 0)
		rc = hb_read_long(path, &now);
	if (rc < 0 || now != value) {
		ktap_diag("set %s=%ld: %s, reads %ld", name ? name + 1 : path, value,
			  hb_errname(-rc), now);
		return -1;
	}
	return 0;
}
