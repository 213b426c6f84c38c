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
#include <time.h>
#include <unistd.h>

#include "errname.h"
#include "hb_paths.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
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

int hb_alg_bind(const char *type, const char *name)
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
	return hb_alg_bind("hash", "md4");
}

/* A template: the caller's context asks for "crypto-hmac(md4)" (no module has that
 * alias), then the crypto manager instantiates it in its kernel thread cryptomgr_probe,
 * which asks for "crypto-hmac" and, inside the template, "crypto-md4". */
static int fire_hmac(void)
{
	return hb_alg_bind("hash", "hmac(md4)");
}

/* The same template over a hash root uses every day: "crypto-hmac(sha256)" in the caller's
 * context, then, up to 6.x, "crypto-hmac" and "crypto-sha256" from the crypto manager's
 * thread; 7.x's sha256 module provides hmac(sha256) itself. It binds on every kernel (7.x
 * no longer instantiates hmac(md4)). */
static int fire_hmac_sha256(void)
{
	return hb_alg_bind("hash", "hmac(sha256)");
}

/* A block cipher mode over a modular cipher, the same way: "crypto-cbc", "crypto-aes". */
static int fire_cbc(void)
{
	return hb_alg_bind("skcipher", "cbc(aes)");
}

/* A template no module provides: the thread still asks for "crypto-hbzz", and without
 * the restriction that starts a root modprobe on the caller's behalf. */
static int fire_tmpl_missing(void)
{
	return hb_alg_bind("hash", "hbzz(md4)");
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

/* struct snd_seq_client_info of <sound/asequencer.h> (UAPI, 188 bytes in every kernel of
 * these tests), spelled out as struct hb_sockaddr_alg is. */
struct hb_seq_client_info {
	int client;
	int type;
	char name[64];
	unsigned int filter;
	unsigned char multicast_filter[8];
	unsigned char event_filter[32];
	int num_ports;
	int event_lost;
	char reserved[64];
};
#define HB_SEQ_IOCTL_GET_CLIENT_INFO _IOWR('S', 0x10, struct hb_seq_client_info)
/* The first sequencer client of card 0 (SNDRV_SEQ_GLOBAL_CLIENTS): the one snd-seq-midi
 * creates for the card's MIDI port. */
#define HB_SEQ_CARD0_CLIENT 16

/* The sound card of the sequencer trigger: snd-mpu401, a MIDI port at 0x330 polled without
 * an IRQ (the driver only reserves the I/O ports, no hardware needed). */
#define HB_SEQ_CARD "snd_mpu401"
/* card 0 only: SNDRV_CARDS is 8 without CONFIG_SND_DYNAMIC_MINORS, and fewer values than
 * cards are taken */
#define HB_SEQ_CARD_PARAMS "port=0x330 irq=-1 enable=1,0,0,0,0,0,0,0"
#define HB_SEQ_DRIVER "snd_seq_midi"

static int load_seq_card(const char *path)
{
	const char *base = strrchr(path, '/');
	int rc = strncmp(base ? base + 1 : path, "snd-mpu401.ko", 13) ?
			 mod_finit(path) : mod_finit_params(path, HB_SEQ_CARD_PARAMS);

	return rc == -EEXIST ? 0 : rc;
}

/* A card whose MIDI port the sequencer drives through the driver snd-seq-midi, and
 * /dev/snd/seq open to every user (as udev's uaccess rule opens it to the desktop's user).
 * Registering the card makes a work item ask for snd-seq-midi (the kernel's own request,
 * judged as the kernel's): waited for here, so that it is over before a case starts. */
static int prepare_seq(void)
{
	struct mod_db db;
	int rc = mod_is_loaded(HB_SEQ_CARD);

	if (rc == 0) {
		rc = mod_db_open(&db, NULL, NULL);
		if (rc == 0)
			rc = mod_load_with_deps(&db, HB_SEQ_CARD, load_seq_card);
		for (int i = 0; rc == 0 && i < 100 && mod_is_loaded(HB_SEQ_DRIVER) != 1; i++)
			nanosleep(&(struct timespec){ .tv_nsec = 100000000 }, NULL);
		ktap_diag("loaded %s (%s): %s; %s %s", HB_SEQ_CARD, HB_SEQ_CARD_PARAMS,
			  hb_errname(-rc), HB_SEQ_DRIVER,
			  mod_is_loaded(HB_SEQ_DRIVER) == 1 ? "loaded" : "not loaded");
	}
	if (rc < 0)
		return rc;
	if (chmod(HB_SND_SEQ, 0666) < 0) {
		ktap_diag("chmod %s: %s", HB_SND_SEQ, hb_errname(errno));
		return -errno;
	}
	return 0;
}

/* An ioctl on /dev/snd/seq naming a client of card 0 that does not exist: the sequencer
 * runs snd_seq_device_load_drivers(), whose work item asks for "snd-seq-midi" (the driver
 * of the card's MIDI port) from a kworker. ENOENT (no such client) and success (the
 * driver loaded, the client exists) both count as done. */
static int fire_seq(void)
{
	struct hb_seq_client_info info = { .client = HB_SEQ_CARD0_CLIENT };
	int rc = 0, fd = open(HB_SND_SEQ, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return errno;
	if (ioctl(fd, HB_SEQ_IOCTL_GET_CLIENT_INFO, &info) < 0)
		rc = errno;
	close(fd);
	return rc == ENOENT ? 0 : rc;
}

const struct hb_trigger hb_triggers[] = {
	{ "packet", "af_packet", "net-pf-17", "socket(AF_PACKET, SOCK_RAW)", 0, fire_packet, 0,
	  NULL, NULL },
	{ "ldisc", "n_hdlc", "tty-ldisc-13", "ioctl(ptmx, TIOCSETD, N_HDLC)", 0, fire_ldisc, 0,
	  NULL, NULL },
	{ "alg", "md4", "crypto-md4", "bind(AF_ALG, hash md4)", 0, fire_alg, 0, NULL, NULL },
	{ "fs", "configfs", "fs-configfs", "mount -t configfs", 1, fire_fs, 1000, NULL, NULL },
	{ "hmac", "hmac", "crypto-hmac", "bind(AF_ALG, hash hmac(md4))", 0, fire_hmac, 0, "md4",
	  NULL },
	{ "hmac_sha256", "hmac|sha256", "crypto-hmac(sha256)", "bind(AF_ALG, hash hmac(sha256))",
	  0, fire_hmac_sha256, 0, "sha256_generic|sha256", NULL },
	{ "cbc", "cbc", "crypto-cbc", "bind(AF_ALG, skcipher cbc(aes))", 0, fire_cbc, 0,
	  "aes_generic|aes", NULL },
	{ "tmpl_missing", NULL, "crypto-hbzz", "bind(AF_ALG, hash hbzz(md4))", 0,
	  fire_tmpl_missing, 0, NULL, NULL },
	{ "netns_link", "dummy", "rtnl-link-dummy", "RTM_NEWLINK kind dummy", 1, fire_link, 0,
	  NULL, NULL },
	{ "netns_qdisc", "sch_prio", "sch_prio|net-sch-prio", "RTM_NEWQDISC kind prio on lo", 1,
	  fire_qdisc, 0, NULL, NULL },
	{ "seq", HB_SEQ_DRIVER, "snd-seq-midi", "ioctl(/dev/snd/seq, GET_CLIENT_INFO, client 16)",
	  0, fire_seq, 0, NULL, prepare_seq },
};
const size_t hb_n_triggers = sizeof(hb_triggers) / sizeof(hb_triggers[0]);

const struct hb_trigger *hb_trigger_find(const char *key)
{
	for (size_t i = 0; i < hb_n_triggers; i++)
		if (!strcmp(hb_triggers[i].key, key))
			return &hb_triggers[i];
	return NULL;
}
