// SPDX-License-Identifier: GPL-2.0-only
/* hb-probe: what an ordinary user (or a container's root) does to make the kernel load a
 * module, or to type into another's terminal; run by hb-system through su, unshare and
 * systemd-nspawn, so that each action comes from the identity that really does it.
 *   hb-probe alg TYPE NAME        bind(2) of an AF_ALG socket ("aead" "gcm(aes)": Copy Fail)
 *   hb-probe socket FAMILY TYPE PROTO
 *                                 socket(2) (AF_RXRPC: Dirty Frag's second door)
 *   hb-probe tiocsti TEXT         TIOCSTI of each byte of TEXT, then a newline, into its
 *                                 terminal (the result on stderr)
 *   hb-probe surface              the guest suite's autoload triggers that need no namespace
 *   hb-probe surface-ns           those that need one (run it under unshare -rnm)
 * Prints one line per action: "ACTION: ok" or "ACTION: ERRNAME"; exits 0 when every action
 * could be tried (its outcome is in the lines), 2 on bad usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#include "errname.h"
#include "triggers.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

static int outcome(const char *what, int err)
{
	printf("%s: %s\n", what, err ? hb_errname(err) : "ok");
	return 0;
}

static int probe_alg(const char *type, const char *name)
{
	struct hb_sockaddr_alg sa = { .salg_family = AF_ALG };
	char what[160];
	int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0), err = 0;

	snprintf(what, sizeof(what), "bind(AF_ALG, %s %s)", type, name);
	if (fd < 0)
		return outcome(what, errno);
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		err = errno;
	close(fd);
	return outcome(what, err);
}

static int probe_socket(int family, int type, int proto)
{
	char what[96];
	int fd = socket(family, type | SOCK_CLOEXEC, proto);

	snprintf(what, sizeof(what), "socket(%d, %d, %d)", family, type, proto);
	if (fd < 0)
		return outcome(what, errno);
	close(fd);
	return outcome(what, 0);
}

static int probe_tiocsti(const char *text)
{
	int err = 0;

	for (const char *c = text; *c && !err; c++)
		if (ioctl(0, TIOCSTI, c) < 0)
			err = errno;
	if (!err && ioctl(0, TIOCSTI, "\n") < 0)
		err = errno;
	/* on stderr: stdout is the same terminal, whose output the caller reads back */
	fprintf(stderr, "TIOCSTI: %s\n", err ? hb_errname(err) : "ok");
	return 0;
}

static int probe_surface(int in_namespace)
{
	for (size_t i = 0; i < hb_n_triggers; i++) {
		const struct hb_trigger *t = &hb_triggers[i];

		if (t->needs_userns != in_namespace)
			continue;
		fprintf(stderr, "%s ...\n", t->action); /* unbuffered: where a crash was */
		fflush(stdout);
		outcome(t->action, t->fire());
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: hb-probe alg TYPE NAME | socket FAMILY TYPE PROTO | "
			"tiocsti TEXT | surface | surface-ns\n");
	return 2;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && !strcmp(argv[1], "alg"))
		return probe_alg(argv[2], argv[3]);
	if (argc == 5 && !strcmp(argv[1], "socket"))
		return probe_socket(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "tiocsti"))
		return probe_tiocsti(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "surface"))
		return probe_surface(0);
	if (argc == 2 && !strcmp(argv[1], "surface-ns"))
		return probe_surface(1);
	return usage();
}
