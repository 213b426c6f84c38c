/* SPDX-License-Identifier: GPL-2.0-only */
/* Running the tools the driver drives (apt-get, spatch, make, quilt ...). */
#ifndef HB_SPAWN_H
#define HB_SPAWN_H

#include <stddef.h>

struct spawn_opts {
	const char *cwd;            /* NULL: the driver's own */
	const char *log_path;       /* stdout+stderr appended here; NULL: inherit */
	const char *stdout_path;    /* stdout alone written here (truncated); NULL: as above */
	char *const *env_add;       /* "NAME=value" entries added to the environment, NULL-terminated */
	int quiet;                  /* with no log_path: send output to /dev/null */
};

/* Runs argv[0] (searched on PATH) and waits. Returns its exit status (0..255),
 * 128+N when killed by signal N, or -1 when it could not be started (errno set). */
int spawn_run(char *const argv[], const struct spawn_opts *opts);
/* Runs and returns its stdout as a malloc'd string (stderr to log or /dev/null); NULL on
 * failure to start. *status gets the exit status as spawn_run gives it. */
char *spawn_capture(char *const argv[], const struct spawn_opts *opts, int *status);
/* Starts without waiting: the child's pid, or -1. */
int spawn_start(char *const argv[], const struct spawn_opts *opts);
/* Waits for PID: status as spawn_run gives it; with NOHANG, -2 while it still runs. */
int spawn_wait(int pid, int nohang);
/* Appends "$ COMMAND LINE" to LOG, so that a person can re-run what the driver ran. */
void spawn_log_argv(const char *log, char *const argv[]);
/* The command line as one printable string (malloc'd), arguments quoted where needed. */
char *spawn_format_argv(char *const argv[]);

#endif
