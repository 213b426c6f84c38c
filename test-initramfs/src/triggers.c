#include "triggers.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "hb_paths.h"

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

/* AF_ALG bind to a hash only a module provides: request "crypto-md4". */
static int fire_alg(void)
{
	struct hb_sockaddr_alg sa = { .salg_family = AF_ALG };
	int rc = 0, fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return errno;
	strcpy((char *)sa.salg_type, "hash");
	strcpy((char *)sa.salg_name, "md4");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		rc = errno;
	close(fd);
	return rc;
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
	{ "packet", "af_packet", "net-pf-17", "socket(AF_PACKET, SOCK_RAW)", 0, fire_packet, 0 },
	{ "ldisc", "n_hdlc", "tty-ldisc-13", "ioctl(ptmx, TIOCSETD, N_HDLC)", 0, fire_ldisc, 0 },
	{ "alg", "md4", "crypto-md4", "bind(AF_ALG, hash md4)", 0, fire_alg, 0 },
	{ "fs", "configfs", "fs-configfs", "mount -t configfs", 1, fire_fs, 1000 },
};
const size_t hb_n_triggers = sizeof(hb_triggers) / sizeof(hb_triggers[0]);

const struct hb_trigger *hb_trigger_find(const char *key)
{
	for (size_t i = 0; i < hb_n_triggers; i++)
		if (!strcmp(hb_triggers[i].key, key))
			return &hb_triggers[i];
	return NULL;
}
