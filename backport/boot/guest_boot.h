/* SPDX-License-Identifier: GPL-2.0-only */
/* What one boot of a guest showed, the test stage's (struct guest_boot) and a fuzzing run's
 * (struct fuzz_result), in the one type the stage fills and the run layer keeps: the run layer
 * takes it over in one assignment, which moves its malloc'd strings; the stage's copy is then
 * zeroed, so that each string has one owner. */
#ifndef HB_GUEST_BOOT_H
#define HB_GUEST_BOOT_H

#include "autoload_stats.h"
#include "kernel_tests.h"
#include "leak_stats.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The test stage's boot. Every string is malloc'd (or NULL) and owned by the struct. */
struct guest_boot {
	bool booted;           /* the guest reached its done marker, no panic, no hang */
	char *boot_problem;    /* "KERNEL PANIC", "HUNG (no output)", ...; NULL when booted */
	bool console_clean;    /* no Oops, BUG, WARNING, panic */
	char *console_problem; /* the first troubled console line; NULL when clean */
	char *accel;           /* "kvm" or "tcg" */
	double boot_seconds;
	struct leak_stats leaks;        /* the leaks suite's measurement (no levels when it did not run) */
	struct autoload_stats autoload; /* the autoload suite's measurement */
	struct kernel_tests ktests;     /* the kernel's own tests, as the guest ran them */
	char *dir;             /* CACHE/build/NAME/FLAVOUR: where console.log and results.json are */
};

static inline void guest_boot_free(struct guest_boot *g)
{
	free(g->boot_problem);
	free(g->console_problem);
	free(g->accel);
	free(g->dir);
	memset(g, 0, sizeof(*g));
}

/* Moves *FROM into *TO (which holds nothing) and zeroes *FROM. */
static inline void guest_boot_move(struct guest_boot *to, struct guest_boot *from)
{
	*to = *from;
	memset(from, 0, sizeof(*from));
}

/* A fuzzing run: trinity in the guest as the unprivileged user, then the console read.
 * Every string is malloc'd (or NULL) and owned by the struct. */
struct fuzz_result {
	bool ran;            /* QEMU ran it */
	long seconds, seed;
	bool trinity_ran;    /* the suite fuzz ran trinity to its deadline and passed */
	bool console_clean;  /* no Oops, BUG, WARNING or panic */
	bool powered_off;    /* the guest reached its done marker */
	char *problem;       /* the first troubled console line, NULL when clean */
	char *console_log;
};

static inline void fuzz_result_free(struct fuzz_result *r)
{
	free(r->problem);
	free(r->console_log);
	memset(r, 0, sizeof(*r));
}

static inline void fuzz_result_move(struct fuzz_result *to, struct fuzz_result *from)
{
	*to = *from;
	memset(from, 0, sizeof(*from));
}

#endif
