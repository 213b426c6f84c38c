// SPDX-License-Identifier: GPL-2.0-only
#include "triggers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "hb_paths.h"
#include "rtnl.h"

#ifndef N_HDLC
#define N_HDLC 13
#endif
#ifndef AF_ALG
#define AF_ALG 38
#endif

/* socket(2) of a family no built-in code provides: request "net-pf-17". */
static int fire_packet(void)
{
	int fd = socket(AF_PACKET, SOCK_RAW, 0);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* TIOCSETD of a line discipline not built in: request "tty-ldisc-13". */
static int fire_ldisc(void)
{
	int disc = N_HDLC, rc = 0;
	int fd = open(HB_PTMX, O_RDWR | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return errno;
	if (ioctl(fd, TIOCSETD, &disc) < 0)
		rc = errno;
	close(fd);
	return rc;
}

/* AF_ALG bind of TYPE NAME: 0 or the errno of the failing call. */
static int bind_alg(const char *type, const char *name)
{
	struct hb_sockaddr_alg sa = { .salg_family = AF_ALG };
	int rc = 0, fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return errno;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", name);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		rc = errno;
	close(fd);
	return rc;
}

/* A hash only a module provides: request "crypto-md4" in the caller's context. */
static int fire_alg(void)
{
	return bind_alg("hash", "md4");
}

/* A template: the caller's context asks for "crypto-hmac(md4)" (no module has that
 * alias), then the crypto manager instantiates it in its kernel thread cryptomgr_probe,
 * which asks for "crypto-hmac" and, inside the template, "crypto-md4". */
static int fire_hmac(void)
{
	return bind_alg("hash", "hmac(md4)");
}

/* The same template over a hash root uses every day: "crypto-hmac(sha256)" in the caller's
 * context, then, up to 6.x, "crypto-hmac" and "crypto-sha256" from the crypto manager's
 * thread; 7.x's sha256 module provides hmac(sha256) itself. It binds on every kernel (7.x
 * no longer instantiates hmac(md4)). */
static int fire_hmac_sha256(void)
{
	return bind_alg("hash", "hmac(sha256)");
}

/* A block cipher mode over a modular cipher, the same way: "crypto-cbc", "crypto-aes". */
static int fire_cbc(void)
{
	return bind_alg("skcipher", "cbc(aes)");
}

/* A template no module provides: the thread still asks for "crypto-hbzz", and without
 * the restriction that starts a root modprobe on the caller's behalf. */
static int fire_tmpl_missing(void)
{
	return bind_alg("hash", "hbzz(md4)");
}

/* RTM_NEWLINK of a modular link type: "rtnl-link-dummy" (CAP_NET_ADMIN over the
 * network namespace, which root of a user namespace has over its own). */
static int fire_link(void)
{
	return hb_rtnl_link_add_del("dummy");
}

/* RTM_NEWQDISC of a modular qdisc on lo: "sch_prio", "net-sch-prio" from 6.4. */
static int fire_qdisc(void)
{
	return hb_rtnl_qdisc_add_del("prio");
}

/* mount -t of a filesystem only a module provides: request "fs-configfs".
 * get_fs_type() runs after may_mount() but before the FS_USERNS_MOUNT check,
 * so root in a user+mount namespace reaches the request. */
static int fire_fs(void)
{
	int rc = 0;

	if (mkdir(HB_MNT_DIR, 0755) < 0 && errno != EEXIST)
		return errno;
	if (mount("none", HB_MNT_DIR, "configfs", 0, NULL) < 0)
		rc = errno;
	else if (umount2(HB_MNT_DIR, 0) < 0)
		umount2(HB_MNT_DIR, MNT_DETACH);
	return rc;
}

const struct hb_trigger hb_triggers[] = {
	{ "packet", "af_packet", "net-pf-17", "socket(AF_PACKET, SOCK_RAW)", 0, fire_packet, 0, NULL },
	{ "ldisc", "n_hdlc", "tty-ldisc-13", "ioctl(ptmx, TIOCSETD, N_HDLC)", 0, fire_ldisc, 0, NULL },
	{ "alg", "md4", "crypto-md4", "bind(AF_ALG, hash md4)", 0, fire_alg, 0, NULL },
	{ "fs", "configfs", "fs-configfs", "mount -t configfs", 1, fire_fs, 1000, NULL },
	{ "hmac", "hmac", "crypto-hmac", "bind(AF_ALG, hash hmac(md4))", 0, fire_hmac, 0, "md4" },
	{ "hmac_sha256", "hmac|sha256", "crypto-hmac(sha256)", "bind(AF_ALG, hash hmac(sha256))",
	  0, fire_hmac_sha256, 0, "sha256_generic|sha256" },
	{ "cbc", "cbc", "crypto-cbc", "bind(AF_ALG, skcipher cbc(aes))", 0, fire_cbc, 0,
	  "aes_generic|aes" },
	{ "tmpl_missing", NULL, "crypto-hbzz", "bind(AF_ALG, hash hbzz(md4))", 0,
	  fire_tmpl_missing, 0, NULL },
	{ "netns_link", "dummy", "rtnl-link-dummy", "RTM_NEWLINK kind dummy", 1, fire_link, 0, NULL },
	{ "netns_qdisc", "sch_prio", "sch_prio|net-sch-prio", "RTM_NEWQDISC kind prio on lo", 1,
	  fire_qdisc, 0, NULL },
};
const size_t hb_n_triggers = sizeof(hb_triggers) / sizeof(hb_triggers[0]);

const struct hb_trigger *hb_trigger_find(const char *key)
{
	for (size_t i = 0; i < hb_n_triggers; i++)
		if (!strcmp(hb_triggers[i].key, key))
			return &hb_triggers[i];
	return NULL;
}
