// SPDX-License-Identifier: GPL-2.0-only
#include "kmsg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hb_paths.h"
#include "ktap.h"

/* One record: "PRIO,SEQ,USEC,FLAGS[,...];MESSAGE\n" and continuation lines. */
#define RECORD_MAX 8192

int hb_kmsg_mark(void)
{
	int fd = open(HB_KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (lseek(fd, 0, SEEK_END) < 0) {
		int rc = -errno;

		close(fd);
		return rc;
	}
	return fd;
}

/* The next record of FD into BUF: its length, 0 at the end, -errno. A record overwritten
 * before it was read (EPIPE) is skipped. */
static ssize_t next_record(int fd, char *buf, size_t len)
{
	for (;;) {
		ssize_t n = read(fd, buf, len - 1);

		if (n >= 0) {
			buf[n] = '\0';
			return n;
		}
		if (errno == EAGAIN)
			return 0;
		if (errno != EPIPE && errno != EINTR)
			return -errno;
	}
}

static int contains_all(const char *msg, const char *const *texts)
{
	for (; *texts; texts++)
		if (!strstr(msg, *texts))
			return 0;
	return 1;
}

int hb_kmsg_count(int fd, const char *const *texts, int show)
{
	static char buf[RECORD_MAX];
	int count = 0;
	ssize_t n;

	while ((n = next_record(fd, buf, sizeof(buf))) > 0) {
		const char *msg = strchr(buf, ';');

		if (!msg || !contains_all(++msg, texts))
			continue;
		if (count++ < show)
			ktap_diag("kmsg: %.*s", (int)strcspn(msg, "\n"), msg);
	}
	return n < 0 ? (int)n : count;
}

int hb_kmsg_age_us(const char *text, long long *age_us)
{
	static char buf[RECORD_MAX];
	int fd = open(HB_KMSG, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	long long newest = -1;
	struct timespec now;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while ((n = next_record(fd, buf, sizeof(buf))) > 0) {
		unsigned long long usec;
		const char *msg = strchr(buf, ';');

		if (msg && strstr(msg, text) && sscanf(buf, "%*u,%*u,%llu", &usec) == 1)
			newest = (long long)usec;
	}
	close(fd);
	if (n < 0)
		return (int)n;
	if (newest < 0)
		return -ENOENT;
	/* /dev/kmsg stamps records with the kernel's local clock, CLOCK_MONOTONIC's base */
	clock_gettime(CLOCK_MONOTONIC, &now);
	*age_us = (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000 - newest;
	return 0;
}
