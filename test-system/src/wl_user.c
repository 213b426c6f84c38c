// SPDX-License-Identifier: GPL-2.0-only
/* An ordinary user, logged in with su -, tries the doors that 2026's local root exploits went
 * through: Copy Fail's AF_ALG "aead" bind (algif_aead), Dirty Frag's ESP state from a user
 * namespace of its own (xfrm_user, esp4) and its AF_RXRPC socket (rxrpc); then the guest
 * suite's autoload triggers; then TIOCSTI into the terminal of a root shell it was started
 * from. The module doors are judged by what the kernel did (workload.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sys_cmd.h"
#include "workload.h"

#define T 60

/* The command's own failure is no failure of the case: a refused door fails the command. */
static enum hb_verdict tried(const char *cmd)
{
	int rc = wl_user_cmd(cmd, T);

	return rc == 124 || rc == 127 ? HB_FAIL : HB_PASS;
}

enum hb_verdict wl_user_algif_aead(void)
{
	return tried(SYS_PROBE " alg aead 'gcm(aes)'");
}

enum hb_verdict wl_user_esp_in_userns(void)
{
	return tried("unshare -rn ip xfrm state add src 192.0.2.1 dst 192.0.2.2 proto esp "
		     "spi 0x200 mode tunnel enc 'cbc(aes)' 0x00112233445566778899aabbccddeeff "
		     "auth-trunc 'hmac(sha256)' "
		     "0x00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff 128");
}

enum hb_verdict wl_user_rxrpc_socket(void)
{
	/* AF_RXRPC 33, SOCK_DGRAM 2, its transport PF_INET 2 */
	return tried(SYS_PROBE " socket 33 2 2");
}

enum hb_verdict wl_user_autoload_surface(void)
{
	enum hb_verdict a = tried(SYS_PROBE " surface");
	enum hb_verdict b = tried("unshare -rnm " SYS_PROBE " surface-ns");

	return a == HB_PASS && b == HB_PASS ? HB_PASS : HB_FAIL;
}

/* Reads what is there on FD within MS milliseconds into BUF (appending). */
static void drain(int fd, char *buf, size_t len, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	size_t used = strlen(buf);

	while (used + 1 < len && poll(&p, 1, ms) > 0) {
		ssize_t n = read(fd, buf + used, len - 1 - used);

		if (n <= 0)
			break;
		used += (size_t)n;
		buf[used] = '\0';
	}
}

#define INJECTED "true hb-injected"

/* Root opens a terminal (a pty, as sshd or a terminal emulator would), and from its shell
 * becomes the user with su, which shares the terminal: the user's process pushes a
 * line into the terminal's input, which root's shell would read and run once su returns.
 * Refused (EIO at dev.tty.legacy_tiocsti=0) is ok; injected is not. */
enum hb_verdict wl_user_tiocsti(void)
{
	static char out[4096], queued[256];
	int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC), hold = -1, st = 0;
	const char *slave = master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0
				    ? ptsname(master)
				    : NULL;
	pid_t pid;

	out[0] = queued[0] = '\0';
	if (access("/proc/sys/dev/tty/legacy_tiocsti", F_OK) == 0) {
		int fd = open("/proc/sys/dev/tty/legacy_tiocsti", O_WRONLY | O_CLOEXEC);

		ktap_diag("dev.tty.legacy_tiocsti set to 0: %s",
			  fd >= 0 && write(fd, "0\n", 2) == 2 ? "ok" : strerror(errno));
		if (fd >= 0)
			close(fd);
	} else {
		ktap_diag("no dev.tty.legacy_tiocsti in this kernel");
	}
	if (!slave || (hold = open(slave, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		ktap_diag("cannot open a pty: %s", strerror(errno));
		return HB_FAIL;
	}
	pid = fork();
	if (pid == 0) {
		setsid();
		int fd = open(slave, O_RDWR); /* the session's controlling terminal */

		if (fd < 0)
			_exit(126);
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		/* --session-command: as an interactive su does, the user's command stays in
		 * root's session (su -c would start a session of its own) */
		execlp("su", "su", "-s", "/bin/sh", SYS_USER, "--session-command",
		       SYS_PROBE " tiocsti '" INJECTED "'", (char *)NULL);
		_exit(127);
	}
	for (int i = 0; pid > 0 && i < T * 10; i++) {
		drain(master, out, sizeof(out), 100);
		if (waitpid(pid, &st, WNOHANG) == pid) {
			pid = 0;
			break;
		}
	}
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		ktap_diag("su did not return in %d s", T);
	}
	drain(master, out, sizeof(out), 200);
	/* what root's shell would read next: the terminal's input queue */
	drain(hold, queued, sizeof(queued), 200);
	close(hold);
	close(master);
	const char *line = strstr(out, "TIOCSTI: ");
	int injected = strstr(queued, INJECTED) != NULL;

	ktap_diag("the user's TIOCSTI: %.*s; root's shell would read: %s",
		  line ? (int)strcspn(line + 9, "\r\n") : 10, line ? line + 9 : "no answer",
		  injected ? "the injected line" : "nothing");
	return line && !injected && strncmp(line + 9, "ok", 2) != 0 ? HB_PASS : HB_FAIL;
}
