// SPDX-License-Identifier: GPL-2.0-only
/* Booting a kernel under QEMU with hard limits: see qemu.h. */
#include "qemu.h"

#include "msg.h"
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PANIC_TEXT "Kernel panic - not syncing"
#define GRACE_S 2.0        /* after a panic or the done marker; after SIGTERM */
#define POLL_SLICE_MS 100  /* how often a silent QEMU is checked for exit */
#define CHUNK 4096

/* ---- the command line ---- */

static int push_arg(char ***argv, size_t *n, size_t *cap, const char *s)
{
	if (*n + 2 > *cap) {
		size_t c = *cap ? *cap * 2 : 32;
		char **v = realloc(*argv, c * sizeof(*v));
		if (!v)
			return -1;
		*argv = v;
		*cap = c;
	}
	char *d = strdup(s);
	if (!d)
		return -1;
	(*argv)[(*n)++] = d;
	(*argv)[*n] = NULL;
	return 0;
}

char **qemu_argv(const struct qemu_opts *o)
{
	const char *accel = o->accel ? o->accel : "tcg";
	const char *cpu = o->cpu ? o->cpu : (strcmp(accel, "kvm") == 0 ? "host" : "max");
	char mem[32], smp[32];
	snprintf(mem, sizeof(mem), "%d", o->mem_mb > 0 ? o->mem_mb : 512);
	snprintf(smp, sizeof(smp), "%d", o->smp > 0 ? o->smp : 1);
	const char *fixed[] = {
		o->qemu_bin ? o->qemu_bin : "qemu-system-x86_64",
		"-nodefaults", "-no-user-config",
		"-accel", accel, "-cpu", cpu, "-m", mem, "-smp", smp,
		"-display", "none", "-serial", "stdio", "-monitor", "none",
		"-no-reboot",
		"-kernel", o->kernel ? o->kernel : "",
	};
	char **argv = NULL;
	size_t n = 0, cap = 0;
	int err = 0;
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		err |= push_arg(&argv, &n, &cap, fixed[i]);
	if (o->initrd) {
		err |= push_arg(&argv, &n, &cap, "-initrd");
		err |= push_arg(&argv, &n, &cap, o->initrd);
	}
	err |= push_arg(&argv, &n, &cap, "-append");
	err |= push_arg(&argv, &n, &cap, o->append ? o->append : QEMU_DEFAULT_APPEND);
	for (char *const *e = o->extra_args; e && *e; e++)
		err |= push_arg(&argv, &n, &cap, *e);
	if (err) {
		qemu_argv_free(argv);
		return NULL;
	}
	return argv;
}

void qemu_argv_free(char **argv)
{
	for (char **a = argv; a && *a; a++)
		free(*a);
	free(argv);
}

char *qemu_command_line(const struct qemu_opts *o)
{
	char **argv = qemu_argv(o);
	if (!argv)
		return NULL;
	char *line = spawn_format_argv(argv);
	qemu_argv_free(argv);
	return line;
}

/* ---- one run ---- */

struct run {
	const struct qemu_opts *o;
	struct qemu_result *res;
	double grace_s;       /* after the done marker */
	int out_fd;           /* read end of QEMU's stdout+stderr; -1 at EOF */
	int log_fd;           /* -1: no log */
	size_t cap;           /* of res->output */
	char *scan;           /* carry-over + chunk, to find markers across reads */
	size_t carry_len, carry_max;
	double start, last_output, panic_at, marker_at;
	bool exited;          /* QEMU is a zombie or gone: nothing more to wait for */
};

static double now_s(void)
{
	return msg_now();
}

static void write_log(struct run *r, const char *buf, size_t n)
{
	while (r->log_fd >= 0 && n) {
		ssize_t w = write(r->log_fd, buf, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			r->res->log_failed = true;
			close(r->log_fd);
			r->log_fd = -1;
			return;
		}
		buf += w;
		n -= (size_t)w;
	}
}

static void keep_output(struct run *r, const char *buf, size_t n)
{
	struct qemu_result *res = r->res;
	if (res->output_len + n > QEMU_OUTPUT_MAX) {
		res->output_truncated = true;
		n = QEMU_OUTPUT_MAX - res->output_len;
	}
	if (!n)
		return;
	if (res->output_len + n + 1 > r->cap) {
		size_t cap = r->cap ? r->cap : CHUNK * 4;
		while (cap < res->output_len + n + 1)
			cap *= 2;
		char *o = realloc(res->output, cap);
		if (!o) {
			res->output_truncated = true;
			return;
		}
		res->output = o;
		r->cap = cap;
	}
	memcpy(res->output + res->output_len, buf, n);
	res->output_len += n;
	res->output[res->output_len] = '\0';
}

static void look_for_markers(struct run *r, const char *buf, size_t n, double t)
{
	memcpy(r->scan + r->carry_len, buf, n);
	size_t len = r->carry_len + n;
	const char *marker = r->o->done_marker;
	if (!r->res->panic_seen && memmem(r->scan, len, PANIC_TEXT, strlen(PANIC_TEXT))) {
		r->res->panic_seen = true;
		r->panic_at = t;
	}
	if (marker && *marker && !r->res->done_marker_seen && memmem(r->scan, len, marker, strlen(marker))) {
		r->res->done_marker_seen = true;
		r->marker_at = t;
	}
	size_t keep = len < r->carry_max ? len : r->carry_max;
	memmove(r->scan, r->scan + len - keep, keep);
	r->carry_len = keep;
}

/* Reads what is there now; false at EOF or error (out_fd closed then). */
static bool read_some(struct run *r)
{
	char buf[CHUNK];
	for (;;) {
		ssize_t n = read(r->out_fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return true;
		if (n <= 0) {
			close(r->out_fd);
			r->out_fd = -1;
			return false;
		}
		double t = now_s();
		r->last_output = t;
		write_log(r, buf, (size_t)n);
		keep_output(r, buf, (size_t)n);
		look_for_markers(r, buf, (size_t)n, t);
	}
}

/* Waits up to ms for output (or just sleeps at EOF), then takes it. */
static void wait_output(struct run *r, int ms)
{
	if (ms < 0)
		ms = 0;
	if (r->out_fd < 0) {
		poll(NULL, 0, ms);
		return;
	}
	struct pollfd pfd = { .fd = r->out_fd, .events = POLLIN };
	int n = poll(&pfd, 1, ms);
	if (n > 0)
		read_some(r);
}

/* Has QEMU exited?  It is left a zombie, so its process group stays ours. */
static bool check_exited(struct run *r)
{
	if (r->exited)
		return true;
	siginfo_t si;
	memset(&si, 0, sizeof(si));
	int rc = waitid(P_PID, (id_t)r->res->pid, &si, WEXITED | WNOHANG | WNOWAIT);
	if ((rc == 0 && si.si_pid == r->res->pid) || (rc < 0 && errno == ECHILD))
		r->exited = true;
	return r->exited;
}

/* SIGTERM to the group, SIGKILL after GRACE_S; output is still taken meanwhile. */
static void stop_qemu(struct run *r)
{
	r->res->killed = true;
	killpg(r->res->pid, SIGTERM);
	double until = now_s() + GRACE_S;
	while (!check_exited(r) && now_s() < until)
		wait_output(r, 20);
	if (!check_exited(r)) {
		killpg(r->res->pid, SIGKILL);
		while (!check_exited(r))
			wait_output(r, 20);
	}
}

/* Reaps QEMU after killing whatever is left in its group; records the status. */
static void reap(struct run *r)
{
	killpg(r->res->pid, SIGKILL);  /* leftovers (QEMU itself is a zombie by now) */
	int status = 0;
	pid_t p;
	do
		p = waitpid(r->res->pid, &status, 0);
	while (p < 0 && errno == EINTR);
	if (p == r->res->pid) {
		if (WIFEXITED(status))
			r->res->exit_status = WEXITSTATUS(status);
		else if (WIFSIGNALED(status))
			r->res->exit_status = 128 + WTERMSIG(status);
	}
	if (r->out_fd >= 0)
		read_some(r);  /* the last bytes; never waits */
}

/* Milliseconds to wait for a deadline, at most POLL_SLICE_MS. */
static int ms_until(double deadline, double t)
{
	double ms = (deadline - t) * 1000.0;
	if (ms < 0)
		return 0;
	return ms > POLL_SLICE_MS ? POLL_SLICE_MS : (int)ms + 1;
}

static void supervise(struct run *r)
{
	const struct qemu_opts *o = r->o;
	struct qemu_result *res = r->res;
	for (;;) {
		if (check_exited(r))
			break;
		double t = now_s();
		if (o->timeout_s > 0 && t >= r->start + o->timeout_s) {
			res->timed_out = true;
			stop_qemu(r);
			break;
		}
		if (res->panic_seen && t >= r->panic_at + GRACE_S) {
			stop_qemu(r);
			break;
		}
		if (res->done_marker_seen && t >= r->marker_at + r->grace_s) {
			stop_qemu(r);
			break;
		}
		if (o->idle_timeout_s > 0 && t >= r->last_output + o->idle_timeout_s) {
			if (!res->panic_seen && !res->done_marker_seen)
				res->hung = true;
			stop_qemu(r);
			break;
		}
		int ms = POLL_SLICE_MS;
		if (o->timeout_s > 0 && ms_until(r->start + o->timeout_s, t) < ms)
			ms = ms_until(r->start + o->timeout_s, t);
		if (o->idle_timeout_s > 0 && ms_until(r->last_output + o->idle_timeout_s, t) < ms)
			ms = ms_until(r->last_output + o->idle_timeout_s, t);
		if (res->panic_seen && ms_until(r->panic_at + GRACE_S, t) < ms)
			ms = ms_until(r->panic_at + GRACE_S, t);
		if (res->done_marker_seen && ms_until(r->marker_at + r->grace_s, t) < ms)
			ms = ms_until(r->marker_at + r->grace_s, t);
		wait_output(r, ms);
	}
	reap(r);
}

/* In the child: never returns. */
static void exec_child(char **argv, int out_fd, int null_fd, int err_fd, pid_t parent)
{
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	static const int sigs[] = { SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD };
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	if (dup2(null_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(out_fd, 2) < 0)
		goto fail;
	/* keep only 0-2 and the exec-error pipe (moved to 3, close-on-exec) */
	if (err_fd != 3) {
		if (dup3(err_fd, 3, O_CLOEXEC) < 0)
			goto fail;
		err_fd = 3;
	}
#ifdef SYS_close_range
	syscall(SYS_close_range, 4U, ~0U, 0U);
#endif
	execvp(argv[0], argv);
fail:;
	int e = errno;
	ssize_t w = write(err_fd, &e, sizeof(e));
	(void)w;
	_exit(127);
}

static int start_qemu(struct run *r, char **argv, char *errbuf, size_t errlen)
{
	int out[2], errp[2];
	int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null_fd < 0) {
		msg_format(errbuf, errlen, "/dev/null: %s", strerror(errno));
		return -1;
	}
	if (pipe2(out, O_CLOEXEC) < 0) {
		msg_format(errbuf, errlen, "pipe: %s", strerror(errno));
		close(null_fd);
		return -1;
	}
	if (pipe2(errp, O_CLOEXEC) < 0) {
		msg_format(errbuf, errlen, "pipe: %s", strerror(errno));
		close(null_fd);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid == 0)
		exec_child(argv, out[1], null_fd, errp[1], parent);
	int fork_errno = errno;
	close(null_fd);
	close(out[1]);
	close(errp[1]);
	if (pid < 0) {
		msg_format(errbuf, errlen, "fork: %s", strerror(fork_errno));
		close(out[0]);
		close(errp[0]);
		return -1;
	}
	setpgid(pid, pid);  /* also done by the child: whoever comes first */
	r->res->pid = pid;
	r->start = r->last_output = now_s();

	int child_errno = 0;
	ssize_t n;
	do
		n = read(errp[0], &child_errno, sizeof(child_errno));
	while (n < 0 && errno == EINTR);
	close(errp[0]);
	if (n > 0) {
		int status;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		close(out[0]);
		msg_format(errbuf, errlen, "cannot run %s: %s", argv[0], strerror(child_errno));
		return -1;
	}
	fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
	r->out_fd = out[0];
	return 0;
}

static int run_with_grace(const struct qemu_opts *o, double grace_s, struct qemu_result *res,
			  char *errbuf, size_t errlen)
{
	memset(res, 0, sizeof(*res));
	res->exit_status = -1;
	if (!o->kernel) {
		msg_format(errbuf, errlen, "no kernel given");
		return -1;
	}
	struct run r = { .o = o, .res = res, .grace_s = grace_s, .out_fd = -1, .log_fd = -1 };
	size_t mlen = o->done_marker ? strlen(o->done_marker) : 0;
	r.carry_max = (mlen > strlen(PANIC_TEXT) ? mlen : strlen(PANIC_TEXT));
	r.scan = malloc(r.carry_max + CHUNK);
	res->output = malloc(1);
	char **argv = qemu_argv(o);
	if (!r.scan || !res->output || !argv) {
		msg_format(errbuf, errlen, "out of memory");
		goto fail;
	}
	res->output[0] = '\0';
	r.cap = 1;
	if (o->console_log) {
		r.log_fd = open(o->console_log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (r.log_fd < 0) {
			msg_format(errbuf, errlen, "%s: %s", o->console_log, strerror(errno));
			goto fail;
		}
	}
	if (start_qemu(&r, argv, errbuf, errlen) < 0)
		goto fail;
	supervise(&r);
	res->seconds = now_s() - r.start;
	if (r.out_fd >= 0)
		close(r.out_fd);
	if (r.log_fd >= 0 && close(r.log_fd) < 0)
		res->log_failed = true;
	free(r.scan);
	qemu_argv_free(argv);
	return 0;
fail:
	if (r.log_fd >= 0)
		close(r.log_fd);
	free(r.scan);
	qemu_argv_free(argv);
	qemu_result_free(res);
	return -1;
}

int qemu_run(const struct qemu_opts *o, struct qemu_result *res, char *errbuf, size_t errlen)
{
	return run_with_grace(o, GRACE_S, res, errbuf, errlen);
}

void qemu_result_free(struct qemu_result *res)
{
	free(res->output);
	res->output = NULL;
	res->output_len = 0;
}

/* ---- accelerator probe ---- */

/* The last non-blank line of text, at most max bytes of it, into buf. */
static void last_line(const char *text, size_t len, char *buf, size_t buflen)
{
	size_t end = len;
	while (end && (text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == ' '))
		end--;
	size_t start = end;
	while (start && text[start - 1] != '\n')
		start--;
	while (start < end && text[start] == '\r')
		start++;
	msg_format(buf, buflen, "%.*s", (int)(end - start), text + start);
}

const char *qemu_probe_accel(const struct qemu_opts *opts, const char *kvm_dev,
			     char *why, size_t whylen)
{
	const char *dev = kvm_dev ? kvm_dev : "/dev/kvm";
	int fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		msg_format(why, whylen, "kvm unusable: %s: %s", dev, strerror(errno));
		return "tcg";
	}
	close(fd);
	if (!opts->kernel) {
		msg_format(why, whylen, "kvm not probed: no kernel to boot");
		return "tcg";
	}
	/* No root and no initrd: a kernel that boots to its end panics, and
	 * with panic=-1 -no-reboot QEMU exits.  That is the whole boot under
	 * kvm, not only its first line. */
	struct qemu_opts p = {
		.qemu_bin = opts->qemu_bin,
		.kernel = opts->kernel,
		.append = "console=ttyS0 earlyprintk=serial,ttyS0,115200 panic=-1",
		.accel = "kvm",
		.cpu = opts->cpu,
		.mem_mb = opts->mem_mb,
		.timeout_s = 30,
		.idle_timeout_s = opts->idle_timeout_s > 0 && opts->idle_timeout_s < 5 ? opts->idle_timeout_s : 5,
		.extra_args = opts->extra_args,
	};
	struct qemu_result res;
	char err[256] = "";
	if (run_with_grace(&p, 0, &res, err, sizeof(err)) < 0) {
		msg_format(why, whylen, "kvm probe failed: %s", err);
		return "tcg";
	}
	const char *accel = "tcg";
	char tail[160];
	last_line(res.output, res.output_len, tail, sizeof(tail));
	bool started = strstr(res.output, "Linux version") != NULL;
	if (started && res.panic_seen) {
		accel = "kvm";
		msg_format(why, whylen, "kvm: a probe kernel booted to its end in %.1f s", res.seconds);
	} else if (res.hung || res.timed_out) {
		msg_format(why, whylen, "kvm probe failed: %s after %.0f s%s%s%s",
			   started ? "the kernel stopped printing" : "no kernel output",
			   res.seconds, *tail ? " (last: \"" : "", tail, *tail ? "\")" : "");
	} else {
		msg_format(why, whylen, "kvm probe failed: qemu exited with status %d%s%s",
			   res.exit_status, *tail ? ": " : "", tail);
	}
	qemu_result_free(&res);
	return accel;
}
