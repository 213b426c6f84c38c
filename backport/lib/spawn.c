// SPDX-License-Identifier: GPL-2.0-only
#include "spawn.h"

#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void child_setup(const struct spawn_opts *opts, int stdout_fd)
{
	int in = open("/dev/null", O_RDONLY);
	if (in >= 0) {
		dup2(in, 0);
		close(in);
	}
	if (opts && opts->log_path) {
		int fd = open(opts->log_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd < 0)
			_exit(127);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	} else if (opts && opts->quiet) {
		int fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
	}
	if (opts && opts->stdout_path) {
		int fd = open(opts->stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0)
			_exit(127);
		dup2(fd, 1);
		close(fd);
	}
	if (stdout_fd >= 0) {
		dup2(stdout_fd, 1);
		close(stdout_fd);
	}
	if (opts && opts->cwd && chdir(opts->cwd) != 0)
		_exit(127);
	if (opts && opts->env_add)
		for (char *const *e = opts->env_add; *e; e++)
			putenv(*e);
}

static int wait_status_flags(pid_t pid, int flags)
{
	int st;
	pid_t got;
	while ((got = waitpid(pid, &st, flags)) < 0)
		if (errno != EINTR)
			return -1;
	if (got == 0)
		return -2;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + WTERMSIG(st);
}

static int wait_status(pid_t pid)
{
	return wait_status_flags(pid, 0);
}

static pid_t start(char *const argv[], const struct spawn_opts *opts, int stdout_fd, int close_fd)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		if (close_fd >= 0)
			close(close_fd);
		child_setup(opts, stdout_fd);
		execvp(argv[0], argv);
		fprintf(stderr, "backport: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

int spawn_run(char *const argv[], const struct spawn_opts *opts)
{
	pid_t pid = start(argv, opts, -1, -1);
	if (pid < 0)
		return -1;
	return wait_status(pid);
}

int spawn_start(char *const argv[], const struct spawn_opts *opts)
{
	return start(argv, opts, -1, -1);
}

int spawn_wait(int pid, int nohang)
{
	return wait_status_flags(pid, nohang ? WNOHANG : 0);
}

char *spawn_capture(char *const argv[], const struct spawn_opts *opts, int *status)
{
	int fds[2];
	if (pipe(fds) != 0)
		return NULL;
	struct spawn_opts o = { 0 };
	if (opts)
		o = *opts;
	o.stdout_path = NULL;
	if (!o.log_path)
		o.quiet = 1;
	pid_t pid = start(argv, &o, fds[1], fds[0]);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return NULL;
	}
	size_t cap = 4096, used = 0;
	char *buf = malloc(cap);
	for (;;) {
		if (used + 1 >= cap) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		ssize_t n = read(fds[0], buf + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
	}
	close(fds[0]);
	buf[used] = '\0';
	int st = wait_status(pid);
	if (status)
		*status = st;
	return buf;
}

static int needs_quotes(const char *s)
{
	if (!*s)
		return 1;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%",
			    *s))
			return 1;
	return 0;
}

char *spawn_format_argv(char *const argv[])
{
	size_t cap = 1;
	for (char *const *a = argv; *a; a++)
		cap += strlen(*a) * 4 + 3;
	char *out = malloc(cap), *p = out;
	if (!out)
		abort();
	for (char *const *a = argv; *a; a++) {
		if (a != argv)
			*p++ = ' ';
		if (!needs_quotes(*a)) {
			p = stpcpy(p, *a);
			continue;
		}
		*p++ = '\'';
		for (const char *c = *a; *c; c++) {
			if (*c == '\'')
				p = stpcpy(p, "'\\''");
			else
				*p++ = *c;
		}
		*p++ = '\'';
	}
	*p = '\0';
	return out;
}

void spawn_log_argv(const char *log, char *const argv[])
{
	FILE *f = log ? fopen(log, "a") : NULL;
	if (!f)
		return;
	char *shown = spawn_format_argv(argv);
	fprintf(f, "$ %s\n", shown);
	free(shown);
	fclose(f);
}
