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
	const char *module;	/* name in /proc/modules: "af_packet" */
	const char *request;	/* what the kernel asks modprobe for: "net-pf-17" */
	const char *action;	/* what fire() does, for diagnostics */
	int needs_userns;	/* the request is only reachable with CAP_SYS_ADMIN
				 * over a mount namespace (root or userns) */
	/* Performs the action; returns 0 or the errno of the failing call. */
	int (*fire)(void);
	/* Milliseconds to wait before unloading the module after the action, so that RCU
	 * callbacks queued by it have run: unloading configfs right after a mount and
	 * umount ran a callback in its freed text (seen on 6.1 under TCG: an Oops in
	 * ksoftirqd, "last unloaded: configfs"), an upstream race that is not ours. */
	unsigned settle_ms;
};

extern const struct hb_trigger hb_triggers[];
extern const size_t hb_n_triggers;

const struct hb_trigger *hb_trigger_find(const char *key);

#endif
