/* SPDX-License-Identifier: GPL-2.0-only */
/* Runs one suite program as a child of /init and relays its KTAP output,
 * indented one level (two spaces) as a KTAP subtest, to our stdout. */
#ifndef HB_SUITE_RUNNER_H
#define HB_SUITE_RUNNER_H

#include "ktap.h"

/* Runs PATH with a deadline of timeout_s seconds (then SIGKILLs its process
 * group). HB_PASS if it exited 0, HB_FAIL otherwise (with a diagnostic). */
enum hb_verdict hb_suite_run(const char *path, unsigned timeout_s);

#endif
