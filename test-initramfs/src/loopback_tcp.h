/* SPDX-License-Identifier: GPL-2.0-only */
/* Loopback networking for the smoke suite. Both return 0 or an errno value
 * (HB_RC_EMPTY when data came back wrong or short). */
#ifndef HB_LOOPBACK_TCP_H
#define HB_LOOPBACK_TCP_H

/* ifconfig lo up, via SIOCGIFFLAGS/SIOCSIFFLAGS. */
int hb_lo_up(void);
/* A TCP connection to 127.0.0.1 sends "ping", gets "pong" back. */
int hb_tcp_roundtrip(void);

#endif
