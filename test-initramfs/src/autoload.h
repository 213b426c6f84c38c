/* SPDX-License-Identifier: GPL-2.0-only */
/* Firing a trigger under an identity and observing what the kernel did:
 * was the module loaded, did modprobe get asked. */
#ifndef HB_AUTOLOAD_H
#define HB_AUTOLOAD_H

#include "privs.h"
#include "triggers.h"

struct hb_autoload_obs {
	int rc;			/* hb_run_as() result: errno of the trigger or HB_RC_* */
	int loaded;		/* module in /proc/modules afterwards (1/0, -errno; 0 for a
				 * trigger without a module) */
	int loaded2;		/* likewise for its second module (0 when it has none) */
	int requests_named;	/* "request <t->request>" lines logged by modprobe */
	int requests_any;	/* all "request" lines logged during the trigger */
	int builtin;		/* the module is built into the kernel (a distribution's
				 * config selects hmac or aes =y): nothing can load, the
				 * request is all there is to see */
	int builtin2;		/* likewise for the second module */
};

/* Whether one of NAMES ("aes_generic|aes"; NULL: none) is built into the running kernel
 * (its modules.builtin): 1 or 0. */
int hb_autoload_builtin(const char *names);

/* Sets up what T needs once (its prepare, as root): 0, or -errno after a diagnostic. */
int hb_autoload_prepare(const struct hb_trigger *t);

/* Unloads the trigger's module, then its second one, where loaded (as root): 0, or
 * -errno with a diagnostic when one stays loaded. */
int hb_autoload_unload(const struct hb_trigger *t);

/* Fires T as WHO (module must be unloaded first) and fills OBS, printing
 * what happened as diagnostics. Returns 0, or -1 if the child could not
 * run the trigger at all (identity setup failed, killed). */
int hb_autoload_observe(const struct hb_trigger *t, enum hb_who who,
			struct hb_autoload_obs *obs);

#endif
