/* SPDX-License-Identifier: GPL-2.0-only */
/* Running the system's own programs (ip, nft, mount, su, systemd-nspawn ...) as a system
 * does: a child with a deadline, its output kept for the results. */
#ifndef HB_SYS_CMD_H
#define HB_SYS_CMD_H

#include <stddef.h>

/* The ordinary user the image has (test-system/packages.list's hook makes it). */
#define SYS_USER "hbuser"

/* What a command did. */
struct sys_cmd_result {
	int status;       /* exit status 0..255; 128+N when killed by signal N; -1 not started */
	int timed_out;    /* killed at the deadline */
	char out[4096];   /* stdout and stderr, as much as fits */
};

/* Runs ARGV (NULL-terminated; argv[0] searched on PATH) with stdin from /dev/null, kills its
 * process group after TIMEOUT_S seconds. Returns R->status. */
int sys_run(const char *const argv[], unsigned timeout_s, struct sys_cmd_result *r);
/* Runs the shell command line CMD as the ordinary user, logged in as a user logs in:
 * su - SYS_USER -c CMD. */
int sys_run_user(const char *cmd, unsigned timeout_s, struct sys_cmd_result *r);
/* The command as one line, for the results ("ip link add hbbr0 type bridge"). */
void sys_argv_line(const char *const argv[], char *buf, size_t len);
/* The first line of R's output, at most LEN-1 bytes (for a diagnostic). */
void sys_first_line(const struct sys_cmd_result *r, char *buf, size_t len);

#endif
