/* SPDX-License-Identifier: GPL-2.0-only */
/* What the kernel did while a workload ran: the modules it asked for (the recording modprobe's
 * log), the modules that loaded (/proc/modules), and the autoloads kernel.modules_restrict
 * refused (its log line in /dev/kmsg), each with the unit of the process that asked. */
#ifndef HB_SYS_STATE_H
#define HB_SYS_STATE_H

#include <stddef.h>
#include <sys/types.h>

/* Where hb-modprobe, the kernel's modprobe in the image (kernel.modprobe), records each request
 * ("MODULE_OR_ALIAS\n") before it runs the real /sbin/modprobe. */
#define SYS_MODPROBE_LOG "/run/hb-system/modprobe.log"

#define SYS_NAMES_MAX 512
#define SYS_NAME_LEN 64

/* A set of names (modules, aliases), in the order first seen. */
struct sys_names {
	size_t n;
	char name[SYS_NAMES_MAX][SYS_NAME_LEN];
};

void sys_names_add(struct sys_names *s, const char *name);
int sys_names_has(const struct sys_names *s, const char *name);
/* "a b c" into BUF ("" when empty). */
void sys_names_join(const struct sys_names *s, char *buf, size_t len);
/* KTAP diagnostics "KEY: a b c", as many lines as the names need (each short enough for one
 * diagnostic line; a reader joins the lines of the same KEY); one "KEY: " when empty. */
void sys_names_diag(const char *key, const struct sys_names *s);

/* The modules loaded now (/proc/modules). 0 or -errno. */
int sys_modules_now(struct sys_names *out);
/* AFTER's names not in BEFORE. */
void sys_names_minus(const struct sys_names *after, const struct sys_names *before,
		     struct sys_names *out);

/* A refused autoload, as the kernel logged it. */
struct sys_refusal {
	char alias[128];   /* what was asked for */
	char comm[32];     /* the requester */
	pid_t pid;
	long uid;
	char unit[128];    /* the systemd unit of the requester, "" when unknown */
	char module[SYS_NAME_LEN]; /* the module that serves the alias ("" if none) */
};

#define SYS_REFUSALS_MAX 64

struct sys_refusals {
	size_t n;
	size_t lines; /* refusal lines seen, repeats included */
	struct sys_refusal r[SYS_REFUSALS_MAX];
};

/* A mark in both logs: what comes after it belongs to the next workload. */
struct sys_mark {
	off_t modlog;    /* size of SYS_MODPROBE_LOG */
	int kmsg_fd;     /* /dev/kmsg positioned at its end, or -1 */
};

/* Marks now; FROM_BOOT marks the beginning of both logs instead. */
void sys_mark(struct sys_mark *m, int from_boot);
/* Since M: the requests (unique names) and the refusals (unique alias and requester, with
 * their unit and module resolved). Closes M's kmsg descriptor. */
void sys_since(struct sys_mark *m, struct sys_names *requests, struct sys_refusals *refused);

/* The systemd unit PID runs in ("systemd-networkd.service"), from /proc/PID/cgroup, else from
 * the journal's record of it; "" when neither knows. */
void sys_unit_of(pid_t pid, char *unit, size_t len);
/* The module modprobe would load for ALIAS (modprobe -R, which loads nothing); "" if none. */
void sys_module_of(const char *alias, char *module, size_t len);

#endif
