/* SPDX-License-Identifier: GPL-2.0-only */
/* Minimal rtnetlink requests (NETLINK_ROUTE) that make the kernel autoload a
 * link type or a qdisc module: each creates the object and deletes it again.
 * Both return 0 or a positive errno value. */
#ifndef HB_RTNL_H
#define HB_RTNL_H

#define HB_RTNL_IFNAME "hbtest0"

/* Creates a link named HB_RTNL_IFNAME of KIND with RTM_NEWLINK (IFLA_IFNAME +
 * nested IFLA_LINKINFO{IFLA_INFO_KIND}), flags NLM_F_REQUEST|NLM_F_ACK|
 * NLM_F_CREATE|NLM_F_EXCL, in the caller's network namespace; when that
 * succeeded, deletes it again (RTM_DELLINK by name). Returns 0 or the positive
 * errno of the RTM_NEWLINK (from the kernel's NLMSG_ERROR ack, or of
 * socket/send/recv). On a kernel where KIND is a module, the kernel asks
 * modprobe for "rtnl-link-KIND" before answering. */
int hb_rtnl_link_add_del(const char *kind);

/* Adds a root qdisc of KIND (TCA_KIND) with handle 0x10000 (1:) to the loopback
 * device "lo" (its index from if_nametoindex("lo"), falling back to 1) via
 * RTM_NEWQDISC, flags NLM_F_REQUEST|NLM_F_ACK|NLM_F_CREATE|NLM_F_EXCL; when that
 * succeeded, deletes it (RTM_DELQDISC, same parent TC_H_ROOT and handle).
 * Returns 0 or the positive errno of the RTM_NEWQDISC. The kernel asks for
 * "sch_KIND" (before 6.4) or "net-sch-KIND" (6.4 on). */
int hb_rtnl_qdisc_add_del(const char *kind);

#endif
