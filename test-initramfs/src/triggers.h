/* SPDX-License-Identifier: GPL-2.0-only */
/* Actions that make the kernel autoload a module (call request_module),
 * each aimed at one module the kernel.config builds as =m. */
#ifndef HB_TRIGGERS_H
#define HB_TRIGGERS_H

#include <stddef.h>
#include <stdint.h>

/* struct sockaddr_alg of <linux/if_alg.h> (UAPI), spelled out so that the
 * build needs no kernel headers (musl-gcc has none). */
struct hb_sockaddr_alg {
	uint16_t salg_family;
	uint8_t salg_type[14];
	uint32_t salg_feat;
	uint32_t salg_mask;
	uint8_t salg_name[64];
};

struct hb_trigger {
	const char *key;	/* suffix of the test names: "packet" */
	const char *module;	/* name in /proc/modules: "af_packet"; NULL when no module
				 * can serve the request (a template nobody has) */
	const char *request;	/* what the kernel asks modprobe for: "net-pf-17"
				 * ('|' between the names of different kernel eras) */
	const char *action;	/* what fire() does, for diagnostics */
	int needs_userns;	/* the request is only reachable with a capability over a
				 * namespace of one's own (root, or root of a user
				 * namespace): CAP_SYS_ADMIN over the mount namespace,
				 * CAP_NET_ADMIN over the network namespace */
	/* Performs the action; returns 0 or the errno of the failing call. */
	int (*fire)(void);
	/* Milliseconds to wait before unloading the module after the action, so that RCU
	 * callbacks queued by it have run: unloading configfs right after a mount and
	 * umount ran a callback in its freed text (seen on 6.1 under TCG: an Oops in
	 * ksoftirqd, "last unloaded: configfs"), an upstream race that is not ours. */
	unsigned settle_ms;
	/* A second module the same action loads (the algorithm inside a crypto template:
	 * hmac(md4) loads hmac, then md4 from the crypto manager's thread); NULL if none.
	 * Unloaded after MODULE, which holds it. */
	const char *module2;
	/* Sets up, as root, what the action needs and the kernel does not have at boot (the
	 * sound card of the sequencer's trigger), once: 0 or -errno (said in a diagnostic).
	 * NULL: nothing to set up. */
	int (*prepare)(void);
};

extern const struct hb_trigger hb_triggers[];
extern const size_t hb_n_triggers;

const struct hb_trigger *hb_trigger_find(const char *key);

/* AF_ALG bind of TYPE NAME: 0 or the errno of the failing call. */
int hb_alg_bind(const char *type, const char *name);

#endif
