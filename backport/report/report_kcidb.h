/* SPDX-License-Identifier: GPL-2.0-only */
/* The results of a run or a matrix as one KCIDB submission (schema v5, kcidb-io's
 * kcidb_io/schema/v05_03.py): per kernel, vanilla and patched as two checkouts of the same
 * source (the patched one with the series' patchset_hash), a build of each, and its tests: the
 * boot, the guest's suites and their cases (hardening_backport.SUITE.CASE), the kernel's own
 * tests under their KUnit and kselftest names (kunit.SUITE, kselftest.COLLECTION.TEST), and
 * kernel-hardening-checker's counts. Every id is ORIGIN:RUN:KERNEL:... */
#ifndef HB_REPORT_KCIDB_H
#define HB_REPORT_KCIDB_H

#include "run_result.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define KCIDB_ORIGIN_DEFAULT "hardening_backport"
#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3
/* The prefix of the paths of the guest's own suites (KCIDB's tests catalog: a program known by
 * its project's name). */
#define KCIDB_OUR_PATH "hardening_backport"

/* Is ORIGIN a KCIDB origin ([a-z0-9_]+)? */
bool kcidb_origin_ok(const char *origin);
/* The KCIDB path of the guest's kernel_tests case NAME ("kunit_sysctl-test",
 * "level0_test_printf", "sysctl_sh_0001", "proc_fd-001-lookup") into BUF: true for one of the
 * kernel's own tests (kunit.sysctl-test, kselftest.lib.printf, kselftest.sysctl.sysctl_sh_0001,
 * kselftest.proc.fd-001-lookup), false for a case of ours (BUF then
 * hardening_backport.kernel_tests.NAME). */
bool kcidb_kernel_test_path(const char *name, char *buf, size_t len);
/* The submission (a new reference) over N results. */
json_t *report_kcidb(const struct run_result *r, size_t n, const char *origin);

#endif
