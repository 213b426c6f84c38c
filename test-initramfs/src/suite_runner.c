// SPDX-License-Identifier: GPL-2.0-only
#include "suite_runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "errname.h"

#define POLL_TICK_MS 200
#define INDENT "  "

struct relay {
	char line[1024];
	size_t len;
};

static void relay_flush(struct relay *r)
{
	if (!r->len)
		return;
	printf(INDENT "%.*s\n", (int)r->len, r->line);
	fflush(stdout);
	r->len = 0;
}

/* Copies complete lines, indented; a line longer than the buffer is split. */
static void relay_bytes(struct relay *r, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			if (!r->len)
				printf(INDENT "\n");
			relay_flush(r);
			continue;
		}
		if (r->len == sizeof(r->line))
			relay_flush(r);
		r->line[r->len++] = buf[i];
	}
}

static pid_t spawn(const char *path, int out_fd)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid != 0)
		return pid;
	setpgid(0, 0);
	dup2(out_fd, STDOUT_FILENO);
	dup2(out_fd, STDERR_FILENO);
	close(out_fd);
	execl(path, path, (char *)NULL);
	dprintf(STDOUT_FILENO, "# exec %s: %s\n", path, hb_errname(errno));
	_exit(127);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Reads what is there; returns 0 at EOF or error, 1 otherwise. */
static int drain(int fd, struct relay *r)
{
	char buf[4096];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n > 0) {
		relay_bytes(r, buf, (size_t)n);
		return 1;
	}
	return n < 0 && (errno == EINTR || errno == EAGAIN) ? 1 : 0;
}

/* Relays until EOF, the child's exit, or the deadline. Returns the wait
 * status, with *timed_out set when the deadline killed it. */
static int relay_until_done(pid_t pid, int fd, unsigned timeout_s, int *timed_out)
{
	struct relay r = { .len = 0 };
	long deadline = now_ms() + (long)timeout_s * 1000L;
	int status = 0, exited = 0, open_pipe = 1;

	*timed_out = 0;
	while (!exited || open_pipe) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (!open_pipe)
			poll(NULL, 0, POLL_TICK_MS);
		else if (poll(&p, 1, POLL_TICK_MS) > 0)
			open_pipe = drain(fd, &r);
		if (!exited && waitpid(pid, &status, WNOHANG) == pid) {
			exited = 1;
			/* Leftover grandchildren may hold the pipe: end them. */
			kill(-pid, SIGKILL);
			while (open_pipe && poll(&p, 1, POLL_TICK_MS) > 0)
				open_pipe = drain(fd, &r);
			open_pipe = 0;
		}
		if (!exited && now_ms() > deadline) {
			*timed_out = 1;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			exited = 1;
			open_pipe = 0;
		}
	}
	relay_flush(&r);
	return status;
}

enum hb_verdict hb_suite_run(const char *path, unsigned timeout_s)
{
	int pipefd[2], status, timed_out;
	pid_t pid;

	if (access(path, X_OK) < 0) {
		printf("# %s: %s\n", path, hb_errname(errno));
		return HB_FAIL;
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		printf("# pipe: %s\n", hb_errname(errno));
		return HB_FAIL;
	}
	pid = spawn(path, pipefd[1]);
	close(pipefd[1]);
	if (pid < 0) {
		printf("# fork: %s\n", hb_errname(errno));
		close(pipefd[0]);
		return HB_FAIL;
	}
	status = relay_until_done(pid, pipefd[0], timeout_s, &timed_out);
	close(pipefd[0]);
	if (timed_out) {
		printf("# %s: timed out after %us, killed\n", path, timeout_s);
		return HB_FAIL;
	}
	if (WIFSIGNALED(status)) {
		printf("# %s: killed by signal %d (%s)\n", path, WTERMSIG(status),
		       strsignal(WTERMSIG(status)));
		return HB_FAIL;
	}
	if (WEXITSTATUS(status) != 0) {
		printf("# %s: exit status %d\n", path, WEXITSTATUS(status));
		return HB_FAIL;
	}
	return HB_PASS;
}
