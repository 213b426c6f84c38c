// SPDX-License-Identifier: GPL-2.0-only
/* Suite fuzz: Dave Jones's trinity, as the unprivileged user, for hb.fuzz=SECONDS with the
 * random seed hb.seed=SEED (printed, for replay), then checks that the guest still works.
 * Run only when named in hb.only (backport fuzz). The kernel's own verdict, an Oops, BUG,
 * WARNING or panic on the console, is the host's to read; trinity's output goes to
 * /tmp/hb-fuzz/trinity.log, whose last lines are printed. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "privs.h"

#define TRINITY "/usr/bin/trinity"
#define FUZZ_DIR "/tmp/hb-fuzz"
#define FUZZ_LOG FUZZ_DIR "/trinity.log"
#define DEFAULT_SECONDS 60
#define DEFAULT_SEED 20101

static long seconds = DEFAULT_SECONDS, seed = DEFAULT_SEED;

/* The value of the "hb.KEY=N" word of /proc/cmdline, or FALLBACK. */
static long cmdline_number(const char *key, long fallback)
{
	char cmdline[4096] = "", word[64];

	hb_read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	snprintf(word, sizeof(word), "%s=", key);
	for (char *p = strstr(cmdline, word); p; p = strstr(p + 1, word))
		if (p == cmdline || p[-1] == ' ')
			return strtol(p + strlen(word), NULL, 10);
	return fallback;
}

static enum hb_verdict case_present(const void *arg)
{
	(void)arg;
	seconds = cmdline_number("hb.fuzz", DEFAULT_SECONDS);
	seed = cmdline_number("hb.seed", DEFAULT_SEED);
	ktap_diag("fuzz seconds=%ld seed=%ld (replay: backport fuzz NAME --seconds %ld --seed %ld)",
		  seconds, seed, seconds, seed);
	if (access(TRINITY, X_OK) < 0) {
		ktap_diag("%s: %s", TRINITY, hb_errname(errno));
		return HB_FAIL;
	}
	if (mkdir(FUZZ_DIR, 01777) < 0 && errno != EEXIST)
		return HB_FAIL;
	return chmod(FUZZ_DIR, 01777) == 0 ? HB_PASS : HB_FAIL;
}

/* Starts trinity (output appended to FUZZ_LOG) in a session of its own; its pid or -1. */
static pid_t start_trinity(void)
{
	char seed_arg[32];
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	int fd = open(FUZZ_LOG, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	setsid();
	snprintf(seed_arg, sizeof(seed_arg), "-s%ld", seed);
	/* no socket fds: their cache file needs fcntl locks, which tinyconfig leaves
	 * out (FILE_LOCKING), and trinity crashes without it; 64-bit calls only (no
	 * IA32_EMULATION either) */
	execl(TRINITY, "trinity", "-q", "-a64", "-C", "2", "-l", "off", "--disable-fds=sockets",
	      seed_arg, (char *)NULL);
	_exit(127);
}

/* As the unprivileged user: trinity until the deadline, started again (same seed) when it
 * ends before it, since trinity itself sometimes dies (its main process took a SIGSEGV
 * once, in a guest whose console stayed clean); then every process of that user is killed.
 * 0 when trinity ran to the deadline, ENOEXEC when it cannot start at all. */
static int run_trinity(const void *arg)
{
	struct timespec t0, now;
	int status = 0, restarts = 0;
	pid_t pid;

	(void)arg;
	if (chdir(FUZZ_DIR) < 0)
		return errno;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = start_trinity()) < 0)
		return errno;
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - t0.tv_sec >= seconds)
			break;
		if (waitpid(pid, &status, WNOHANG) == pid) {
			ktap_diag("trinity ended before the deadline: %s %d",
				  WIFEXITED(status) ? "exit" : "signal",
				  WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
			if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
				return ENOEXEC;
			kill(-pid, SIGKILL); /* its children */
			restarts++;
			if ((pid = start_trinity()) < 0)
				return errno;
		}
		usleep(200 * 1000);
	}
	ktap_diag("trinity ran %ld s, started %d time(s)", seconds, restarts + 1);
	signal(SIGTERM, SIG_IGN);
	kill(-1, SIGKILL); /* every process of this user but this one */
	while (waitpid(-1, NULL, 0) > 0)
		;
	return 0;
}

static void print_log_tail(void)
{
	char text[4096] = "";
	int fd = open(FUZZ_LOG, O_RDONLY | O_CLOEXEC);
	off_t size = fd >= 0 ? lseek(fd, 0, SEEK_END) : 0;

	if (fd < 0)
		return;
	lseek(fd, size > (off_t)sizeof(text) - 1 ? size - (off_t)sizeof(text) + 1 : 0, SEEK_SET);
	ssize_t n = read(fd, text, sizeof(text) - 1);
	close(fd);
	text[n > 0 ? n : 0] = '\0';
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		ktap_diag("trinity: %s", l);
}

static enum hb_verdict case_run(const void *arg)
{
	(void)arg;
	int rc = hb_run_as(HB_UNPRIV, run_trinity, NULL, (unsigned)seconds + 60);
	ktap_diag("trinity as %s for %ld s with seed %ld -> %s", hb_who_name(HB_UNPRIV), seconds,
		  seed, hb_rc_name(rc));
	print_log_tail();
	return rc == 0 ? HB_PASS : HB_FAIL;
}

static int fork_exec_true(const void *arg)
{
	(void)arg;
	return access("/proc/self/status", R_OK) == 0 ? 0 : errno;
}

static enum hb_verdict case_alive(const void *arg)
{
	char tainted[64] = "";

	(void)arg;
	hb_read_file("/proc/sys/kernel/tainted", tainted, sizeof(tainted));
	tainted[strcspn(tainted, "\n")] = '\0';
	ktap_diag("after the run: kernel.tainted=%s", tainted);
	return hb_run_as(HB_ROOT, fork_exec_true, NULL, 10) == 0 ? HB_PASS : HB_FAIL;
}

static const struct hb_case cases[] = {
	{ "fuzz_trinity_present", case_present, NULL },
	{ "fuzz_trinity_unpriv_run", case_run, NULL },
	{ "fuzz_guest_still_works", case_alive, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
