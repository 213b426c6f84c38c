/* SPDX-License-Identifier: GPL-2.0-only */
/* Running a piece of a test in a child process under a chosen identity,
 * bounded by alarm(2). */
#ifndef HB_PRIVS_H
#define HB_PRIVS_H

enum hb_who {
	HB_ROOT,	/* uid 0 with full capabilities (a plain fork) */
	HB_UNPRIV,	/* uid/gid 65534, no supplementary groups, no capabilities */
	HB_USERNS,	/* HB_UNPRIV, then unshare(CLONE_NEWUSER|CLONE_NEWNS|CLONE_NEWNET)
			 * and uid/gid map "0 65534 1": root inside its own namespaces,
			 * with CAP_NET_ADMIN over a network namespace of its own */
	HB_ROOT_NOCAP,	/* uid 0 that dropped CAP_SYS_MODULE from every capability set
			 * and the bounding set ("capability-dropped root") */
	HB_CONTAINER,	/* HB_ROOT_NOCAP, then unshare(CLONE_NEWNS|CLONE_NEWNET): the root of
			 * a container without a user namespace (Docker's and Podman's rootful
			 * default; a systemd service with ProtectKernelModules=): uid 0 of the
			 * initial user namespace, every other capability kept */
};

/* Return values of hb_run_as() besides the function's own (0..199). */
#define HB_RC_EMPTY 240		/* the call succeeded but returned no data */
#define HB_RC_SETUP 250		/* the child could not become the identity */
#define HB_RC_DIED 251		/* the child was killed (timeout, crash) */
#define HB_RC_FORK 252		/* fork/wait failed */

const char *hb_who_name(enum hb_who who);

/* Describes a child result: "success", "EPERM", "no data", "setup failed"... */
const char *hb_rc_name(int rc);

/* Forks; the child becomes WHO, arms alarm(timeout_s), runs fn(arg) and
 * exits with its return value, which must be 0 or an errno value < 200
 * (or HB_RC_EMPTY). Returns that value, or one of the HB_RC_* codes. */
int hb_run_as(enum hb_who who, int (*fn)(const void *arg), const void *arg,
	      unsigned timeout_s);

#endif
