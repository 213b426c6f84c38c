/* SPDX-License-Identifier: GPL-2.0-only */
/* The kernel's own tests as the guest's suite kernel_tests ran them
 * (test-initramfs/src/test_kernel_tests.c): each case's name ("level0_kunit_sysctl_test")
 * and result, read from the suite's subtests in the guest's KTAP; kept in results.json and the
 * per-kernel results as an array of {"name", "result"} ("ok", "not ok", "skip"). The run layer
 * compares vanilla with patched case by case (result/kernel_tests_diff.h). */
#ifndef HB_KERNEL_TESTS_H
#define HB_KERNEL_TESTS_H

#include "ktap.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The guest suite that runs them. */
#define KERNEL_TESTS_SUITE "kernel_tests"
#define KERNEL_TESTS_MAX 48

enum kernel_test_result { KTEST_OK, KTEST_NOT_OK, KTEST_SKIP };

struct kernel_test {
	char name[96];
	enum kernel_test_result result;
};

struct kernel_tests {
	bool ran; /* the suite's results were in the KTAP */
	struct kernel_test test[KERNEL_TESTS_MAX];
	size_t n;
};

/* The cases of the suite KERNEL_TESTS_SUITE in R (its own setup and restore cases left out). */
void kernel_tests_from_ktap(const struct ktap_report *r, struct kernel_tests *out);
/* The case named NAME, or NULL. */
const struct kernel_test *kernel_tests_find(const struct kernel_tests *t, const char *name);
const char *kernel_test_result_name(enum kernel_test_result r); /* "ok", "not ok", "skip" */
/* JSON null when the suite did not run. */
json_t *kernel_tests_to_json(const struct kernel_tests *t);
/* From such an array; NULL or JSON null give none. 0, or -1 with what is wrong in err. */
int kernel_tests_from_json(const json_t *a, struct kernel_tests *out, char *err, size_t errlen);

#endif
