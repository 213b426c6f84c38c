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

/*
 * The suite's lines go out indented by INDENT, a nested KTAP test headed the
 * way kunit.py reads it: the suite's own "KTAP version 1", then
 * "# Subtest: NAME" (inserted here), then the suite's plan.  When the suite
 * prints no version line first (exec failed, it crashed or was killed before
 * its header, or a diagnostic came first), the relay prints both header lines
 * itself, so that /init's "not ok N NAME" still closes a nested test of that
 * name.
 */
enum header_state {
	HEADER_NONE,  /* nothing relayed yet */
	HEADER_CHILD, /* the suite's version line, then our "# Subtest:" */
	HEADER_OURS,  /* both lines ours */
};

struct relay {
	const char *name;
	enum header_state header;
	int before_body; /* HEADER_OURS: no plan or result relayed since */
	char line[1024];
	size_t len;
};

/* A plan or a result line: the nested test's body has begun. */
static int starts_body(const char *s, size_t n)
{
	return (n >= 3 && !strncmp(s, "1..", 3)) || (n >= 2 && !strncmp(s, "ok", 2)) ||
	       (n >= 6 && !strncmp(s, "not ok", 6));
}

static void relay_line(struct relay *r, const char *s, size_t n)
{
	if (n && r->header == HEADER_NONE) {
		if (ktap_is_version_line(s, n)) {
			printf(INDENT "%.*s\n", (int)n, s);
			ktap_subtest_name(INDENT, r->name);
			r->header = HEADER_CHILD;
			return;
		}
		ktap_subtest_header(INDENT, r->name);
		r->header = HEADER_OURS;
		r->before_body = 1;
	}
	if (n && r->header == HEADER_OURS && r->before_body) {
		/* a version line after some other line: ours already stands for it */
		if (ktap_is_version_line(s, n))
			return;
		if (starts_body(s, n))
			r->before_body = 0;
	}
	printf(INDENT "%.*s\n", (int)n, s);
	fflush(stdout);
}

static void relay_flush(struct relay *r)
{
	if (!r->len)
		return;
	relay_line(r, r->line, r->len);
	r->len = 0;
}

/* Copies complete lines, indented; a line longer than the buffer is split. */
static void relay_bytes(struct relay *r, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			if (!r->len)
				relay_line(r, "", 0);
			relay_flush(r);
			continue;
		}
		if (r->len == sizeof(r->line))
			relay_flush(r);
		r->line[r->len++] = buf[i];
	}
}

/* The last partial line, and the header if the suite printed nothing. */
static void relay_finish(struct relay *r)
{
	relay_flush(r);
	if (r->header == HEADER_NONE) {
		ktap_subtest_header(INDENT, r->name);
		r->header = HEADER_OURS;
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

/* Reaps every child that has exited: the suite PID, and the orphans the kernel hands to
 * PID 1 (a test's child that outlives it, such as the process a proc selftest kills in its
 * atexit handler). Unreaped, those stay zombies, and a zombie's /proc/PID/net cannot be
 * listed (EINVAL: it has no namespaces left), which fails the proc selftest read.
 * Returns 1 when PID was among them, with its status in *status. */
static int reap(pid_t pid, int *status)
{
	int st, found = 0;
	pid_t got;

	while ((got = waitpid(-1, &st, WNOHANG)) > 0) {
		if (got == pid) {
			*status = st;
			found = 1;
		}
	}
	return found;
}

/* Relays until EOF, the child's exit, or the deadline. Returns the wait
 * status, with *timed_out set when the deadline killed it. */
static int relay_until_done(pid_t pid, int fd, unsigned timeout_s, struct relay *r,
			    int *timed_out)
{
	long deadline = now_ms() + (long)timeout_s * 1000L;
	int status = 0, exited = 0, open_pipe = 1;

	*timed_out = 0;
	while (!exited || open_pipe) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (!open_pipe)
			poll(NULL, 0, POLL_TICK_MS);
		else if (poll(&p, 1, POLL_TICK_MS) > 0)
			open_pipe = drain(fd, r);
		if (!exited && reap(pid, &status)) {
			exited = 1;
			/* Leftover grandchildren may hold the pipe: end them. */
			kill(-pid, SIGKILL);
			while (open_pipe && poll(&p, 1, POLL_TICK_MS) > 0)
				open_pipe = drain(fd, r);
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
	relay_finish(r);
	return status;
}

/* The suite's name is the last component of its path (/hb/tests/NAME). */
enum hb_verdict hb_suite_run(const char *path, unsigned timeout_s)
{
	const char *slash = strrchr(path, '/');
	struct relay r = { .name = slash ? slash + 1 : path };
	int pipefd[2], status, timed_out, err;
	pid_t pid;

	if (access(path, X_OK) < 0) {
		err = errno;
		relay_finish(&r);
		printf("# %s: %s\n", path, hb_errname(err));
		return HB_FAIL;
	}
	if (pipe2(pipefd, O_CLOEXEC) < 0) {
		err = errno;
		relay_finish(&r);
		printf("# pipe: %s\n", hb_errname(err));
		return HB_FAIL;
	}
	pid = spawn(path, pipefd[1]);
	err = errno;
	close(pipefd[1]);
	if (pid < 0) {
		relay_finish(&r);
		printf("# fork: %s\n", hb_errname(err));
		close(pipefd[0]);
		return HB_FAIL;
	}
	status = relay_until_done(pid, pipefd[0], timeout_s, &r, &timed_out);
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
