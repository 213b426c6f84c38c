/* SPDX-License-Identifier: GPL-2.0-only */
/* What the system stage expects of each boot, and the fixes level 1's refusals ask for.
 *   vanilla, patched at 0: every system workload ok (the series changes nothing at 0);
 *   patched at 1 (the package's default): every system workload ok, or failed with an autoload
 *     refused and ok once the fixes are there; every door closed; the level at boot is 1;
 *   patched at 1 with the fixes: every workload ok, every door closed, level 2 locks;
 *   vanilla: at least one door open (else the doors prove nothing on this config). */
#ifndef HB_SYSTEM_VERDICT_H
#define HB_SYSTEM_VERDICT_H

#include "system_run.h"

/* The refusals of a boot an administrator must answer: the boot's own and those of the system
 * workloads (not the doors': those are what level 1 is for). Calls FN for each. */
void system_admin_refusals(const struct system_boot_result *r,
			   void (*fn)(const struct system_refusal *ref, const char *where,
				      void *arg),
			   void *arg);
/* The body of the modules-load.d file that answers level 1's refusals in R: the modules of
 * system_admin_refusals() that a module serves, sorted, a line each (malloc'd; "" for none). */
char *system_fixes_of(const struct system_boot_result *r);
/* Every expectation of R that did not hold, a line each (malloc'd; "" when all held). */
char *system_verdict(const struct system_run *r);

#endif
