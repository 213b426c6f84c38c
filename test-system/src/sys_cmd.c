// SPDX-License-Identifier: GPL-2.0-only
#include "sys_cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void child(const char *const argv[], int out)
{
	int in = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	if (in >= 0)
		dup2(in, 0);
	dup2(out, 1);
	dup2(out, 2);
	execvp(argv[0], (char *const *)argv);
	dprintf(2, "%s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int sys_run(const char *const argv[], unsigned timeout_s, struct sys_cmd_result *r)
{
	int fds[2];
	size_t used = 0;
	long long deadline = now_ms() + timeout_s * 1000LL;
	pid_t pid;
	int st;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	if (pipe2(fds, O_CLOEXEC) < 0) {
		snprintf(r->out, sizeof(r->out), "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(r->out, sizeof(r->out), "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0)
		child(argv, fds[1]);
	close(fds[1]);
	for (;;) {
		struct pollfd p = { .fd = fds[0], .events = POLLIN };
		long long left = deadline - now_ms();
		char buf[1024];
		ssize_t n;

		if (left <= 0) {
			r->timed_out = 1;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			break;
		}
		if (poll(&p, 1, (int)(left > 1000 ? 1000 : left)) <= 0)
			continue;
		n = read(fds[0], buf, sizeof(buf));
		if (n <= 0)
			break;
		if (used + 1 < sizeof(r->out)) {
			size_t take = (size_t)n < sizeof(r->out) - 1 - used ? (size_t)n
									  : sizeof(r->out) - 1 - used;
			memcpy(r->out + used, buf, take);
			used += take;
		}
	}
	close(fds[0]);
	r->out[used] = '\0';
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	/* what it left behind in its group (a daemon it started) goes with it */
	kill(-pid, SIGKILL);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return r->status;
}

int sys_run_user(const char *cmd, unsigned timeout_s, struct sys_cmd_result *r)
{
	const char *argv[] = { "su", "-", SYS_USER, "-c", cmd, NULL };

	return sys_run(argv, timeout_s, r);
}

void sys_argv_line(const char *const argv[], char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; argv[i] && used < len; i++) {
		int n = snprintf(buf + used, len - used, "%s%s", i ? " " : "", argv[i]);

		if (n < 0)
			break;
		used += (size_t)n;
	}
}

void sys_first_line(const struct sys_cmd_result *r, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s", (int)strcspn(r->out, "\n"), r->out);
}
