// SPDX-License-Identifier: GPL-2.0-only
/* Suite autoload: the module autoload surface, a measurement. As the unprivileged user, as
 * "root" of a new user namespace, and as the root of a container (uid 0 without
 * CAP_SYS_MODULE, in a mount and network namespace of its own), try every way such a user
 * makes the kernel ask for a module, and count the requests the recording modprobe gets and
 * the modules that load:
 *   - socket(2) of every address family with each common type (stream, datagram, raw,
 *     seqpacket), and of every netlink protocol;
 *   - socket(2) of AF_INET and AF_INET6 with the protocol numbers that modules serve and
 *     two that none does, each with the socket types those modules register (an unknown
 *     pair makes the kernel ask; without IPv6 built in, every AF_INET6 socket asks for the
 *     family);
 *   - TIOCSETD of every line discipline number on a pty;
 *   - AF_ALG binds, hash and skcipher, for every algorithm name that the staged modules
 *     provide (their "crypto-" aliases) and a few common ones, and for templates around
 *     them ("hmac(md4)", "cbc(aes)", one nobody provides): the crypto manager instantiates
 *     those in its kernel thread, which asks for the template and the algorithm inside;
 *   - mount(2) of every filesystem type that the staged modules provide ("fs-" aliases)
 *     and a few common ones, by the identities with a mount namespace of their own (for
 *     the unprivileged user, mount(2) fails before the kernel looks the type up);
 *   - from their own network namespace, where they hold CAP_NET_ADMIN: RTM_NEWLINK of
 *     common link types and RTM_NEWQDISC of common qdiscs on lo;
 *   - socket(2) by io_uring (IORING_OP_SOCKET, 5.19 on) of every family with the common
 *     types: the same request_module() by another door.
 * With kernel.modules_restrict (patched), it runs at 1 and must see no request and no load;
 * without it (vanilla), the surface must make the kernel ask at least once, or the probe is
 * broken. The line the driver reads, per identity:
 *   # autoload WHO requests=N loaded=M families=A netlink=B inet=C ldisc=D alg=E fs=F net=G uring=H
 * Modules that loaded are unloaded between the identities. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "errname.h"
#include "hb_paths.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modprobe_log.h"
#include "modules_state.h"
#include "privs.h"
#include "rtnl.h"
#include "triggers.h"
#include "uring.h"

#define FAMILIES_MAX 64         /* above AF_MAX (46 in 6.x); socket() refuses >= NPROTO */
#define NETLINK_PROTOS 32       /* MAX_LINKS */
#define LDISCS 30               /* NR_LDISCS */
#define NAMES_MAX 256
#define PROBE_TIMEOUT_S 120
#define SETTLE_MS 1000          /* before unloading after mounts: see triggers.h, settle_ms */

static const char *const common_algs[] = { "md5", "sha1", "sha256", "sha512", "aes", "des",
					   "cbc(aes)", "xts(aes)", "crc32c", "rmd160", NULL };
/* Templates the crypto manager instantiates in its thread cryptomgr_probe. */
static const char *const common_templates[] = { "hmac(md4)", "hmac(rmd160)", "hmac(sha256)",
						"cbc(aes)", "ctr(aes)", "hbzz(md4)", NULL };
static const char *const common_links[] = { "dummy", "veth", "vcan", "bridge", "bond",
					    "macvlan", "vxlan", "gre", "ipip", "wireguard", NULL };
static const char *const common_qdiscs[] = { "prio", "sfq", "htb", "tbf", "netem", "fq_codel",
					     "cake", "ingress", NULL };
static const char *const common_fs[] = { "ext4", "vfat", "xfs", "btrfs", "squashfs", "fuse",
					 "overlay", "nfs", "cifs", "udf", "iso9660", NULL };

static char algs[NAMES_MAX][64], fs_types[NAMES_MAX][64];
static int n_algs, n_fs;
static long restrict_boot = -1;	/* the sysctl at boot; -1 without it */

/* Adds NAME to LIST unless there already. */
static void add_name(char list[][64], int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i], name))
			return;
	if (*n < NAMES_MAX && strlen(name) < 64)
		strcpy(list[(*n)++], name);
}

/* The names after "crypto-" and "fs-" in the staged modules' aliases, then the common ones. */
static void read_aliases(void)
{
	struct mod_db db;
	char path[HB_MOD_PATH_MAX + 32], line[512], alias[256], module[128];

	if (mod_db_open(&db, NULL, NULL) == 0) {
		snprintf(path, sizeof(path), "%s/modules.alias", db.dir);
		FILE *f = fopen(path, "r");
		while (f && fgets(line, sizeof(line), f)) {
			if (sscanf(line, "alias %255s %127s", alias, module) != 2)
				continue;
			size_t len = strlen(alias);
			if (!strncmp(alias, "crypto-", 7) && !(len > 4 && !strcmp(alias + len - 4, "-all")))
				add_name(algs, &n_algs, alias + 7);
			else if (!strncmp(alias, "fs-", 3))
				add_name(fs_types, &n_fs, alias + 3);
		}
		if (f)
			fclose(f);
	}
	for (const char *const *a = common_algs; *a; a++)
		add_name(algs, &n_algs, *a);
	for (const char *const *a = common_templates; *a; a++)
		add_name(algs, &n_algs, *a);
	for (const char *const *t = common_fs; *t; t++)
		add_name(fs_types, &n_fs, *t);
}

static void try_socket(int family, int type, int protocol)
{
	int fd = socket(family, type | SOCK_CLOEXEC, protocol);

	if (fd >= 0)
		close(fd);
}

static int probe_families(const void *arg)
{
	static const int types[] = { SOCK_STREAM, SOCK_DGRAM, SOCK_RAW, SOCK_SEQPACKET };

	(void)arg;
	for (int f = 1; f < FAMILIES_MAX; f++)
		for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++)
			try_socket(f, types[t], 0);
	return 0;
}

static int probe_netlink(const void *arg)
{
	(void)arg;
	for (int p = 0; p < NETLINK_PROTOS; p++)
		try_socket(AF_NETLINK, SOCK_RAW, p);
	return 0;
}

/* Every unknown (protocol, type) pair reaches the same request_module() in inet_create()
 * and inet6_create(), so one pass over all 255 numbers only repeats that call site (it
 * made 1008 of a vanilla identity's 1263 requests, 2 s under TCG). The probe tries the
 * numbers that have modules upstream (dccp, l2tp_ip, sctp, udplite, smc, mptcp) and two
 * that none serves, with each socket type such modules register. */
static int probe_inet(const void *arg)
{
	static const int protocols[] = { 33 /* dccp */, 115 /* l2tp */, 132 /* sctp */,
					 136 /* udplite */, 256 /* smc */, 262 /* mptcp */,
					 200, 254 };
	static const int types[] = { SOCK_STREAM, SOCK_DGRAM, SOCK_SEQPACKET, SOCK_DCCP };

	(void)arg;
	for (size_t p = 0; p < sizeof(protocols) / sizeof(protocols[0]); p++)
		for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
			try_socket(AF_INET, types[t], protocols[p]);
			try_socket(AF_INET6, types[t], protocols[p]);
		}
	return 0;
}

static int probe_ldisc(const void *arg)
{
	(void)arg;
	for (int disc = 1; disc < LDISCS; disc++) {
		int fd = open(HB_PTMX, O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			return errno;
		ioctl(fd, TIOCSETD, &disc);
		close(fd);
	}
	return 0;
}

static int probe_alg(const void *arg)
{
	static const char *const types[] = { "hash", "skcipher" };

	(void)arg;
	for (int i = 0; i < n_algs; i++)
		for (size_t t = 0; t < 2; t++) {
			struct hb_sockaddr_alg sa = { .salg_family = AF_ALG };
			int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
			if (fd < 0)
				return errno;
			strcpy((char *)sa.salg_type, types[t]);
			memcpy(sa.salg_name, algs[i], strlen(algs[i]) + 1);
			bind(fd, (struct sockaddr *)&sa, sizeof(sa));
			close(fd);
		}
	return 0;
}

static int probe_fs(const void *arg)
{
	(void)arg;
	if (mkdir(HB_MNT_DIR, 0755) < 0 && errno != EEXIST)
		return errno;
	for (int i = 0; i < n_fs; i++)
		if (mount("none", HB_MNT_DIR, fs_types[i], 0, NULL) == 0)
			umount2(HB_MNT_DIR, MNT_DETACH);
	return 0;
}

/* Needs CAP_NET_ADMIN over the network namespace: the user namespace's root has it over
 * its own. */
static int probe_net(const void *arg)
{
	(void)arg;
	for (const char *const *l = common_links; *l; l++)
		hb_rtnl_link_add_del(*l);
	for (const char *const *q = common_qdiscs; *q; q++)
		hb_rtnl_qdisc_add_del(*q);
	return 0;
}

/* io_uring's IORING_OP_SOCKET, run after the families' probe: what it asks for is what a
 * family nobody provides asks again, by io_uring. A kernel without io_uring, one that
 * refuses this identity a ring (kernel.io_uring_disabled) or one without that opcode (before
 * 5.19: EINVAL for every socket, AF_UNIX's first) gives it nothing to ask, and says so. */
static int probe_uring(const void *arg)
{
	static const int types[] = { SOCK_STREAM, SOCK_DGRAM, SOCK_RAW, SOCK_SEQPACKET };
	struct hb_uring r;
	int rc = hb_uring_open(&r, 4), res;

	(void)arg;
	if (rc < 0) {
		ktap_diag("io_uring: no ring (%s): nothing asked by it", hb_errname(-rc));
		return 0;
	}
	for (int f = 1; f < FAMILIES_MAX && rc == 0; f++)
		for (size_t t = 0; t < sizeof(types) / sizeof(types[0]) && rc == 0; t++) {
			rc = -hb_uring_run(&r, HB_IORING_OP_SOCKET, f, types[t], 0, &res);
			if (rc == 0 && res >= 0)
				close(res);
			else if (rc == 0 && f == AF_UNIX && t == 0 && res == -EINVAL) {
				ktap_diag("io_uring: no IORING_OP_SOCKET (a kernel before 5.19)");
				goto out;
			}
		}
out:
	hb_uring_close(&r);
	return rc;
}

/* settle_ms: how long to wait before unloading what the probe loaded (triggers.h).
 * own_ns: only for the identities with namespaces of their own (user namespace root, the
 * container's root), where they hold CAP_SYS_ADMIN and CAP_NET_ADMIN. */
static const struct {
	const char *name;
	int (*probe)(const void *arg);
	int own_ns;
	unsigned settle_ms;
} probes[] = {
	{ "families", probe_families, 0, 0 }, { "netlink", probe_netlink, 0, 0 },
	{ "inet", probe_inet, 0, 0 },         { "ldisc", probe_ldisc, 0, 0 },
	{ "alg", probe_alg, 0, 0 },           { "fs", probe_fs, 1, SETTLE_MS },
	{ "net", probe_net, 1, 0 },           { "uring", probe_uring, 0, 0 },
};
#define N_PROBES (sizeof(probes) / sizeof(probes[0]))

static unsigned ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned)((t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000);
}

/* Runs every probe as WHO; prints the "# autoload" line; unloads what loaded. Returns the
 * number of requests (-1 when a probe could not run), *loaded the modules that loaded. */
static int measure(enum hb_who who, int *loaded)
{
	static char before[HB_MODULES_MAX][HB_MOD_NAME_MAX], after[HB_MODULES_MAX][HB_MOD_NAME_MAX];
	char counts[256] = "";
	int n_before = mod_loaded_names(before), total = 0, broken = 0;
	unsigned settle_ms = 0;
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (size_t i = 0; i < N_PROBES; i++) {
		off_t mark = modlog_mark();
		int skip = probes[i].own_ns && who != HB_USERNS && who != HB_CONTAINER;
		int rc = skip ? 0 : hb_run_as(who, probes[i].probe, NULL, PROBE_TIMEOUT_S);
		if (!skip && probes[i].settle_ms > settle_ms)
			settle_ms = probes[i].settle_ms;
		int requests = modlog_requests_since(mark, NULL, 0);
		if (rc != 0) {
			ktap_diag("%s probe as %s: %s", probes[i].name, hb_who_name(who), hb_rc_name(rc));
			broken = 1;
		}
		total += requests;
		size_t used = strlen(counts);
		snprintf(counts + used, sizeof(counts) - used, " %s=%d", probes[i].name, requests);
	}
	int n_after = mod_loaded_names(after);
	*loaded = 0;
	for (int i = 0; i < n_after; i++)
		if (!mod_listed(before, n_before, after[i])) {
			(*loaded)++;
			ktap_diag("loaded by %s's probes: %s", hb_who_name(who), after[i]);
		}
	ktap_diag("autoload %s requests=%d loaded=%d%s (%u ms)", hb_who_name(who), total, *loaded,
		  counts, ms_since(&t0));
	/* Only a mount queues the RCU callbacks an early unload races with; sockets, line
	 * disciplines and AF_ALG binds need no wait (under TCG the wait costs a second). */
	if (*loaded && settle_ms)
		usleep(settle_ms * 1000);
	mod_unload_new(before, n_before, after, n_after);
	return broken ? -1 : total;
}

static enum hb_verdict judge(enum hb_who who)
{
	int loaded, requests = measure(who, &loaded);

	if (requests < 0)
		return HB_FAIL;
	if (restrict_boot >= 0)
		return requests == 0 && loaded == 0 ? HB_PASS : HB_FAIL;
	/* no sysctl: the probes must reach the kernel's requests, or they prove nothing */
	return requests > 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_setup(const void *arg)
{
	(void)arg;
	read_aliases();
	ktap_diag("%d algorithm names, %d filesystem types", n_algs, n_fs);
	if (hb_restrict_get(&restrict_boot) < 0) {
		restrict_boot = -1;
		ktap_diag("no kernel.modules_restrict: measuring the kernel's default");
		return HB_PASS;
	}
	return hb_restrict_set(1) == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv(const void *arg)
{
	(void)arg;
	return judge(HB_UNPRIV);
}

static enum hb_verdict case_userns(const void *arg)
{
	(void)arg;
	return judge(HB_USERNS);
}

static enum hb_verdict case_container(const void *arg)
{
	(void)arg;
	return judge(HB_CONTAINER);
}

static enum hb_verdict case_restored(const void *arg)
{
	(void)arg;
	if (restrict_boot < 0) {
		ktap_skip_reason("no kernel.modules_restrict");
		return HB_SKIP;
	}
	return hb_restrict_set(restrict_boot) == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "autoload_setup", case_setup, NULL },
	{ "autoload_surface_unpriv", case_unpriv, NULL },
	{ "autoload_surface_userns", case_userns, NULL },
	{ "autoload_surface_container", case_container, NULL },
	{ "autoload_restored", case_restored, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
