/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Booting a kernel under QEMU with hard limits.
 *
 * QEMU runs in its own process group with stdin from /dev/null and the
 * guest's serial console (ttyS0) on its stdout; stdout and stderr come
 * back through one pipe and are written to the console log and kept in
 * memory as they arrive.  The run ends when QEMU exits, or it is stopped
 * (SIGTERM to the group, SIGKILL 2 s later; always reaped) when:
 *   - timeout_s passed since the start               -> timed_out;
 *   - idle_timeout_s passed without any output       -> hung;
 *   - 2 s after "Kernel panic - not syncing"          -> panic_seen;
 *   - 2 s after done_marker, if QEMU has not exited   -> done_marker_seen.
 * With "panic=-1" and -no-reboot QEMU exits with status 0 after a panic,
 * so the console, not the status, tells: a good run has done_marker_seen
 * and neither panic_seen, timed_out nor hung (being stopped after the
 * marker's grace time is fine: the guest only failed to power off).
 */
#ifndef HB_QEMU_H
#define HB_QEMU_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Used when opts.append is NULL. */
#define QEMU_DEFAULT_APPEND "console=ttyS0 panic=-1"

/* vCPUs of the test guest: the test config builds an SMP kernel, as a distribution's is, so
 * that what runs at once in the guest (writers of a sysctl racing) really can. */
#define QEMU_GUEST_SMP 2

struct qemu_opts {
	const char *qemu_bin;     /* NULL: "qemu-system-x86_64" (searched on PATH) */
	const char *kernel;       /* bzImage, required */
	const char *initrd;       /* NULL: none */
	const char *append;       /* kernel command line; NULL: QEMU_DEFAULT_APPEND */
	const char *accel;        /* "tcg" or "kvm"; NULL: "tcg" */
	const char *cpu;          /* NULL: "host" with kvm, "max" with tcg */
	int mem_mb;               /* <= 0: 512 */
	int smp;                  /* <= 0: 1 */
	int timeout_s;            /* whole run; <= 0: no limit */
	int idle_timeout_s;       /* no output for this long = hung; <= 0: no limit */
	const char *console_log;  /* path, truncated then written as output comes; NULL: none */
	const char *done_marker;  /* e.g. "# hb-done"; NULL: none */
	char *const *extra_args;  /* more QEMU arguments, NULL-terminated; NULL: none */
};

struct qemu_result {
	int exit_status;          /* QEMU's: 0..255, 128+N if killed by signal N */
	pid_t pid;                /* QEMU's process id (reaped by now) */
	bool killed;              /* the driver stopped it (any reason below, or none) */
	bool timed_out;
	bool hung;
	bool done_marker_seen;
	bool panic_seen;
	bool output_truncated;    /* more than QEMU_OUTPUT_MAX bytes: the log has it all */
	bool log_failed;          /* writing console_log failed (disk full?); output is whole */
	double seconds;
	char *output;             /* everything QEMU printed, NUL-terminated */
	size_t output_len;
};

/* Output kept in memory at most (the console log gets everything). */
#define QEMU_OUTPUT_MAX (64u << 20)

/*
 * The argument vector for opts (argv[0] = the QEMU binary), NULL-terminated,
 * malloc'd; free with qemu_argv_free.  NULL when out of memory.
 */
char **qemu_argv(const struct qemu_opts *opts);
void qemu_argv_free(char **argv);

/* The same as one shell-quoted line a person can re-run (malloc'd). */
char *qemu_command_line(const struct qemu_opts *opts);

/*
 * Runs QEMU to the end (see the top of this file) and fills *res; never
 * leaves a process behind.  Returns 0 when QEMU ran, whatever its outcome;
 * -1 when it could not be started or the log could not be opened (why in
 * errbuf; *res is then empty but may still be freed).
 */
int qemu_run(const struct qemu_opts *opts, struct qemu_result *res, char *errbuf, size_t errlen);
void qemu_result_free(struct qemu_result *res);

/*
 * Picks the accelerator: "kvm" if kvm_dev (NULL: "/dev/kvm") can be opened
 * read-write and opts->kernel, booted with kvm and neither root nor initrd,
 * gets through its whole boot to the "Unable to mount root fs" panic
 * (seconds with kvm; given up after opts->idle_timeout_s, at most 5 s,
 * without output or 30 s in all);
 * otherwise "tcg".  `why` gets a sentence for the log, e.g. "kvm probe
 * failed: qemu exited with status 1: qemu-system-x86_64: error: failed to
 * set MSR 0x10a to 0x...".  Only qemu_bin, kernel, cpu, mem_mb,
 * idle_timeout_s and extra_args of opts are used.
 */
const char *qemu_probe_accel(const struct qemu_opts *opts, const char *kvm_dev,
			     char *why, size_t whylen);

#endif
