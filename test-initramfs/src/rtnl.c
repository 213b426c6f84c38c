// SPDX-License-Identifier: GPL-2.0-only
/* rtnetlink requests of one message each (build, send, wait for the ack), and
 * the link and qdisc add/delete pairs of rtnl.h built on them. */
#include "rtnl.h"

#include <errno.h>
#include <net/if.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

/* Structs and constants of <linux/netlink.h>, <linux/rtnetlink.h>,
 * <linux/if_link.h> and <linux/pkt_sched.h> (UAPI), spelled out so that the
 * build needs no kernel headers (musl-gcc has none). */
struct hb_sockaddr_nl {
	uint16_t nl_family;
	uint16_t nl_pad;
	uint32_t nl_pid;
	uint32_t nl_groups;
};

struct hb_nlmsghdr {
	uint32_t nlmsg_len;
	uint16_t nlmsg_type;
	uint16_t nlmsg_flags;
	uint32_t nlmsg_seq;
	uint32_t nlmsg_pid;
};

struct hb_ifinfomsg {
	uint8_t ifi_family;
	uint8_t ifi_pad;
	uint16_t ifi_type;
	int32_t ifi_index;
	uint32_t ifi_flags;
	uint32_t ifi_change;
};

struct hb_tcmsg {
	uint8_t tcm_family;
	uint8_t tcm_pad1;
	uint16_t tcm_pad2;
	int32_t tcm_ifindex;
	uint32_t tcm_handle;
	uint32_t tcm_parent;
	uint32_t tcm_info;
};

struct hb_rtattr {
	uint16_t rta_len;
	uint16_t rta_type;
};

_Static_assert(sizeof(struct hb_sockaddr_nl) == 12, "sockaddr_nl layout");
_Static_assert(sizeof(struct hb_nlmsghdr) == 16, "nlmsghdr layout");
_Static_assert(sizeof(struct hb_ifinfomsg) == 16, "ifinfomsg layout");
_Static_assert(sizeof(struct hb_tcmsg) == 20, "tcmsg layout");
_Static_assert(sizeof(struct hb_rtattr) == 4, "rtattr layout");

#define HB_NETLINK_ROUTE	0
#define HB_NLMSG_ERROR		2
#define HB_NLM_F_REQUEST	0x001
#define HB_NLM_F_ACK		0x004
#define HB_NLM_F_EXCL		0x200
#define HB_NLM_F_CREATE		0x400
#define HB_RTM_NEWLINK		16
#define HB_RTM_DELLINK		17
#define HB_RTM_NEWQDISC		36
#define HB_RTM_DELQDISC		37
#define HB_IFLA_IFNAME		3
#define HB_IFLA_LINKINFO	18
#define HB_IFLA_INFO_KIND	1
#define HB_TCA_KIND		1
#define HB_TC_H_ROOT		0xFFFFFFFFu

#define HB_NL_ALIGN(len)	(((len) + 3) & ~(size_t)3)	/* NLMSG_ALIGN, RTA_ALIGN */
#define HB_NLM_F_ADD	(HB_NLM_F_REQUEST | HB_NLM_F_ACK | HB_NLM_F_CREATE | HB_NLM_F_EXCL)
#define HB_NLM_F_DEL	(HB_NLM_F_REQUEST | HB_NLM_F_ACK)

#define HB_RTNL_REQ_SZ		512	/* body and attributes of one request */
#define HB_RTNL_RCV_SZ		8192	/* an ack echoes the request, plus extack */
#define HB_RTNL_TIMEOUT_S	10
#define HB_QDISC_HANDLE		0x10000u	/* 1: */

/* One request: the header, then body and attributes in data. Nothing pads
 * data from hdr, so the message is the first hdr.nlmsg_len bytes. */
struct hb_nlreq {
	struct hb_nlmsghdr hdr;
	char data[HB_RTNL_REQ_SZ];
	int err;	/* EMSGSIZE once an append did not fit; rtnl_talk() returns it */
};

static uint32_t rtnl_seq;

static size_t req_used(const struct hb_nlreq *r)
{
	return r->hdr.nlmsg_len - sizeof(r->hdr);
}

/* Appends LEN bytes of DATA (NULL: zeros) padded to 4; returns their offset in data. */
static size_t req_put(struct hb_nlreq *r, const void *data, size_t len)
{
	size_t off = req_used(r);

	if (r->err || len > HB_RTNL_REQ_SZ || off + HB_NL_ALIGN(len) > HB_RTNL_REQ_SZ) {
		r->err = EMSGSIZE;
		return off;
	}
	if (data && len)
		memcpy(r->data + off, data, len);
	r->hdr.nlmsg_len += HB_NL_ALIGN(len);
	return off;
}

static void req_init(struct hb_nlreq *r, uint16_t type, uint16_t flags,
		     const void *body, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->hdr.nlmsg_len = sizeof(r->hdr);
	r->hdr.nlmsg_type = type;
	r->hdr.nlmsg_flags = flags;
	req_put(r, body, len);
}

/* Appends an attribute; returns its offset (for req_nest_end() when LEN is 0). */
static size_t req_attr(struct hb_nlreq *r, uint16_t type, const void *data, size_t len)
{
	struct hb_rtattr rta = { .rta_type = type };
	size_t off = req_used(r);

	if (len > HB_RTNL_REQ_SZ || off + HB_NL_ALIGN(sizeof(rta) + len) > HB_RTNL_REQ_SZ) {
		r->err = EMSGSIZE;
		return off;
	}
	rta.rta_len = sizeof(rta) + len;
	req_put(r, &rta, sizeof(rta));
	req_put(r, data, len);
	return off;
}

static void req_str(struct hb_nlreq *r, uint16_t type, const char *s)
{
	req_attr(r, type, s, strlen(s) + 1);
}

/* Makes the attribute at OFF span everything appended after it. */
static void req_nest_end(struct hb_nlreq *r, size_t off)
{
	uint16_t len = req_used(r) - off;

	if (!r->err)
		memcpy(r->data + off + offsetof(struct hb_rtattr, rta_len), &len, sizeof(len));
}

/* Scans N bytes of replies for the NLMSG_ERROR of SEQ: returns its errno
 * (0 for an ack), EPROTO for a malformed message, -1 when it is not there. */
static int ack_scan(const char *buf, size_t n, uint32_t seq)
{
	struct hb_nlmsghdr h;
	int32_t error;

	for (size_t off = 0; off + sizeof(h) <= n; off += HB_NL_ALIGN(h.nlmsg_len)) {
		memcpy(&h, buf + off, sizeof(h));
		if (h.nlmsg_len < sizeof(h) || h.nlmsg_len > n - off)
			return EPROTO;
		if (h.nlmsg_type != HB_NLMSG_ERROR || h.nlmsg_seq != seq)
			continue;
		if (h.nlmsg_len < sizeof(h) + sizeof(error))
			return EPROTO;
		memcpy(&error, buf + off + sizeof(h), sizeof(error));
		return error < 0 ? -error : 0;
	}
	return -1;
}

/* Reads until the ack of SEQ; SO_RCVTIMEO ends the wait with EAGAIN. */
static int wait_ack(int fd, uint32_t seq)
{
	char buf[HB_RTNL_RCV_SZ] __attribute__((aligned(4)));

	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		int rc;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return EPROTO;
		rc = ack_scan(buf, n, seq);
		if (rc >= 0)
			return rc;
	}
}

/* Sends R to the kernel on a new socket and returns the errno of its ack. */
static int rtnl_talk(struct hb_nlreq *r)
{
	struct hb_sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct timeval tv = { .tv_sec = HB_RTNL_TIMEOUT_S };
	ssize_t n;
	int rc, fd;

	if (r->err)
		return r->err;
	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, HB_NETLINK_ROUTE);
	if (fd < 0)
		return errno;
	r->hdr.nlmsg_seq = ++rtnl_seq;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) < 0) {
		rc = errno;
	} else {
		n = sendto(fd, r, r->hdr.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof(kernel));
		if (n < 0)
			rc = errno;
		else if ((size_t)n != r->hdr.nlmsg_len)
			rc = EIO;
		else
			rc = wait_ack(fd, r->hdr.nlmsg_seq);
	}
	close(fd);
	return rc;
}

int hb_rtnl_link_add_del(const char *kind)
{
	struct hb_ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct hb_nlreq r;
	size_t nest;
	int rc;

	req_init(&r, HB_RTM_NEWLINK, HB_NLM_F_ADD, &ifi, sizeof(ifi));
	req_str(&r, HB_IFLA_IFNAME, HB_RTNL_IFNAME);
	nest = req_attr(&r, HB_IFLA_LINKINFO, NULL, 0);
	req_str(&r, HB_IFLA_INFO_KIND, kind);
	req_nest_end(&r, nest);
	rc = rtnl_talk(&r);
	if (rc)
		return rc;
	req_init(&r, HB_RTM_DELLINK, HB_NLM_F_DEL, &ifi, sizeof(ifi));
	req_str(&r, HB_IFLA_IFNAME, HB_RTNL_IFNAME);
	(void)rtnl_talk(&r);
	return 0;
}

int hb_rtnl_qdisc_add_del(const char *kind)
{
	unsigned int lo = if_nametoindex("lo");
	struct hb_tcmsg tcm = {
		.tcm_family = AF_UNSPEC,
		.tcm_ifindex = lo ? (int32_t)lo : 1,
		.tcm_handle = HB_QDISC_HANDLE,
		.tcm_parent = HB_TC_H_ROOT,
	};
	struct hb_nlreq r;
	int rc;

	req_init(&r, HB_RTM_NEWQDISC, HB_NLM_F_ADD, &tcm, sizeof(tcm));
	req_str(&r, HB_TCA_KIND, kind);
	rc = rtnl_talk(&r);
	if (rc)
		return rc;
	req_init(&r, HB_RTM_DELQDISC, HB_NLM_F_DEL, &tcm, sizeof(tcm));
	(void)rtnl_talk(&r);
	return 0;
}
