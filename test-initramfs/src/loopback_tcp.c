// SPDX-License-Identifier: GPL-2.0-only
#include "loopback_tcp.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "privs.h"

#define IO_TIMEOUT_S 5

int hb_lo_up(void)
{
	struct ifreq ifr;
	int rc = 0, fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return errno;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0) {
		rc = errno;
	} else if (!(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
			rc = errno;
	}
	close(fd);
	return rc;
}

static int tcp_socket(void)
{
	struct timeval tv = { .tv_sec = IO_TIMEOUT_S };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd >= 0) {
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	}
	return fd;
}

/* Sends MSG on from, expects exactly MSG on to. */
static int pass_message(int from, int to, const char *msg)
{
	char buf[16] = "";
	size_t len = strlen(msg), got = 0;

	errno = 0;
	if (send(from, msg, len, 0) != (ssize_t)len)
		return errno ? errno : HB_RC_EMPTY;
	while (got < len) {
		ssize_t n = recv(to, buf + got, len - got, 0);

		if (n < 0)
			return errno;
		if (n == 0)
			return HB_RC_EMPTY;
		got += (size_t)n;
	}
	return memcmp(buf, msg, len) ? HB_RC_EMPTY : 0;
}

static int connected_pair(int listener, int *client, int *server)
{
	struct sockaddr_in addr;
	socklen_t alen = sizeof(addr);

	if (getsockname(listener, (struct sockaddr *)&addr, &alen) < 0)
		return errno;
	*client = tcp_socket();
	if (*client < 0)
		return errno;
	if (connect(*client, (struct sockaddr *)&addr, sizeof(addr)) < 0)
		return errno;
	*server = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
	return *server < 0 ? errno : 0;
}

int hb_tcp_roundtrip(void)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	int client = -1, server = -1, rc;
	int listener = tcp_socket();

	if (listener < 0)
		return errno;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listener, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(listener, 1) < 0)
		rc = errno;
	else
		rc = connected_pair(listener, &client, &server);
	if (rc == 0)
		rc = pass_message(client, server, "ping");
	if (rc == 0)
		rc = pass_message(server, client, "pong");
	if (client >= 0)
		close(client);
	if (server >= 0)
		close(server);
	close(listener);
	return rc;
}
