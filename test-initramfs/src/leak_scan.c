// SPDX-License-Identifier: GPL-2.0-only
#include "leak_scan.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kaddr.h"

#define FILE_TIMER_SIGNAL SIGUSR1

/* Paths never opened (see leak_scan.h). */
static const char *const skipped_paths[] = {
	"/proc/kmsg", "/proc/kcore", "/proc/kpagecount", "/proc/kpageflags", "/proc/kpagecgroup",
	"/sys/kernel/debug", "/sys/kernel/tracing", "/sys/power/wakeup_count",
	"/proc/1/net",	/* the same network namespace as /proc/self/net */
};
/* Entries of a per-process directory never opened. */
static const char *const skipped_in_pid_dir[] = { "task", "mem", "pagemap" };

struct walk {
	const struct leak_scan_limits *lim;
	struct leak_scan *out;
	char *buf;			/* file_max_bytes + 1 */
	timer_t timer;
	long start_ms;
	char path[PATH_MAX];
};

static volatile sig_atomic_t timer_fired;

static void on_timer(int sig)
{
	(void)sig;
	timer_fired = 1;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

void leak_scan_default_limits(struct leak_scan_limits *lim)
{
	*lim = (struct leak_scan_limits){
		.file_max_bytes = 64 * 1024,
		.total_max_bytes = 8 * 1024 * 1024,
		.max_files = 100000,
		.file_timeout_ms = 2000,
		.budget_ms = 60000,
		.max_depth = 32,
	};
}

static void arm(struct walk *w, unsigned ms)
{
	struct itimerspec t = { .it_value = { .tv_sec = ms / 1000,
					      .tv_nsec = (long)(ms % 1000) * 1000000L } };

	timer_fired = 0;
	timer_settime(w->timer, 0, &t, NULL);
}

static bool is_listed(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

static bool all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* Is the directory being walked (w->path) a process's: /proc/1 or /proc/self? */
static bool in_pid_dir(const struct walk *w)
{
	return !strcmp(w->path, "/proc/1") || !strcmp(w->path, "/proc/self");
}

/* Is DIR/NAME one of skipped_paths? */
static bool is_skipped_path(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	for (size_t i = 0; i < sizeof(skipped_paths) / sizeof(skipped_paths[0]); i++) {
		const char *p = skipped_paths[i];

		if (!strncmp(p, dir, n) && p[n] == '/' && !strcmp(p + n + 1, name))
			return true;
	}
	return false;
}

/* Should entry NAME of the directory w->path be left out? */
static bool left_out(const struct walk *w, const char *name)
{
	if (!strcmp(w->path, "/proc") && all_digits(name) && strcmp(name, "1"))
		return true;	/* other processes: only /proc/1 and /proc/self */
	if (in_pid_dir(w) && is_listed(name, skipped_in_pid_dir,
				       sizeof(skipped_in_pid_dir) / sizeof(skipped_in_pid_dir[0])))
		return true;
	return is_skipped_path(w->path, name);
}

static void add_leak(struct walk *w, size_t count)
{
	struct leak_scan *s = w->out;

	if (s->n_leaks == s->cap_leaks) {
		size_t cap = s->cap_leaks ? 2 * s->cap_leaks : 32;
		struct leak_file *v = realloc(s->leaks, cap * sizeof(*v));

		if (!v) {
			s->error = ENOMEM;
			return;
		}
		s->leaks = v;
		s->cap_leaks = cap;
	}
	s->leaks[s->n_leaks].path = strdup(w->path);
	s->leaks[s->n_leaks++].count = count;
}

/* A bound that stops the walk: sets out->stopped and returns true. */
static bool out_of_bounds(struct walk *w)
{
	struct leak_scan *s = w->out;
	unsigned long opened = s->files_read + s->unreadable + s->blocked + s->timed_out;

	if (s->stopped)
		return true;
	if (s->bytes >= w->lim->total_max_bytes)
		s->stopped = "byte budget";
	else if (opened >= w->lim->max_files)
		s->stopped = "file limit";
	else if (now_ms() - w->start_ms > (long)w->lim->budget_ms)
		s->stopped = "time budget";
	return s->stopped != NULL;
}

/* A token cut by the cap would look short or whole: the scan ends at the last
 * byte that separates words. */
static size_t whole_words(const char *buf, size_t got)
{
	while (got && (isalnum((unsigned char)buf[got - 1]) || buf[got - 1] == '_'))
		got--;
	return got;
}

/* Reads and scans file NAME of the open directory DIRFD; w->path is its path. */
static void read_file(struct walk *w, int dirfd, const char *name)
{
	struct leak_scan *s = w->out;
	size_t room = w->lim->total_max_bytes - (size_t)s->bytes, got = 0;
	int fd, err = 0;

	if (room > w->lim->file_max_bytes)
		room = w->lim->file_max_bytes;
	arm(w, w->lim->file_timeout_ms);
	fd = openat(dirfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		err = errno;
	while (fd >= 0 && !err && got < room) {
		ssize_t n = read(fd, w->buf + got, room - got);

		if (n > 0)
			got += (size_t)n;
		else if (n == 0)
			break;
		else if (errno != EINTR || timer_fired)
			err = errno;
	}
	arm(w, 0);
	if (fd >= 0)
		close(fd);
	if (err == EINTR) {
		s->timed_out++;
		return;
	}
	if (err == EAGAIN && !got) {
		s->blocked++;
		return;
	}
	if (err && !got) {
		s->unreadable++;
		return;
	}
	s->files_read++;
	s->bytes += got;
	if (got == room) {
		s->truncated++;
		got = whole_words(w->buf, got);
	}
	size_t count = kaddr_count(w->buf, got);
	if (count) {
		s->total += count;
		add_leak(w, count);
	}
}

static void walk_dir(struct walk *w, int dirfd, unsigned depth);

/* Entry NAME of the directory DIRFD, whose path w->path ends in. */
static void walk_entry(struct walk *w, int dirfd, const char *name, unsigned char type,
		       unsigned depth)
{
	struct stat st;

	if (type == DT_UNKNOWN) {
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			return;
		type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
	}
	if (type == DT_REG) {
		read_file(w, dirfd, name);
		return;
	}
	if (type != DT_DIR)
		return;	/* links, devices, sockets, pipes */
	if (depth >= w->lim->max_depth) {
		w->out->too_deep++;
		return;
	}
	int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		w->out->unreadable++;
		return;
	}
	walk_dir(w, fd, depth + 1);	/* closes fd */
}

/* Walks the open directory FD (closes it); w->path is its path. */
static void walk_dir(struct walk *w, int fd, unsigned depth)
{
	DIR *d = fdopendir(fd);
	size_t base = strlen(w->path);

	if (!d) {
		close(fd);
		w->out->unreadable++;
		return;
	}
	for (struct dirent *e; !out_of_bounds(w) && !w->out->error && (e = readdir(d));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (left_out(w, e->d_name)) {
			w->out->skipped++;
			continue;
		}
		if (base + 1 + strlen(e->d_name) >= sizeof(w->path)) {
			w->out->too_deep++;
			continue;
		}
		w->path[base] = '/';
		strcpy(w->path + base + 1, e->d_name);
		walk_entry(w, dirfd(d), e->d_name, e->d_type, depth);
		w->path[base] = '\0';
	}
	closedir(d);
}

static int walk_root(struct walk *w, const char *root)
{
	int fd;

	if (strlen(root) >= sizeof(w->path))
		return ENAMETOOLONG;
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	strcpy(w->path, root);
	walk_dir(w, fd, 0);
	return 0;
}

static int start_timer(struct walk *w)
{
	struct sigaction sa = { .sa_handler = on_timer };	/* no SA_RESTART: read gets EINTR */
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = FILE_TIMER_SIGNAL };

	sigemptyset(&sa.sa_mask);
	if (sigaction(FILE_TIMER_SIGNAL, &sa, NULL) < 0)
		return errno;
	if (timer_create(CLOCK_MONOTONIC, &ev, &w->timer) < 0)
		return errno;
	return 0;
}

int leak_scan_run(const char *const *roots, const struct leak_scan_limits *lim,
		  struct leak_scan *out)
{
	struct walk w = { .lim = lim, .out = out, .start_ms = now_ms() };

	memset(out, 0, sizeof(*out));
	w.buf = malloc(lim->file_max_bytes + 1);
	if (!w.buf)
		return out->error = ENOMEM;
	out->error = start_timer(&w);
	if (out->error) {
		free(w.buf);
		return out->error;
	}
	for (size_t i = 0; roots[i] && !out->error && !out->stopped; i++)
		out->error = walk_root(&w, roots[i]);
	timer_delete(w.timer);
	free(w.buf);
	out->elapsed_ms = (unsigned)(now_ms() - w.start_ms);
	if (out->error)
		return out->error;
	if (!out->stopped)
		return 0;
	return !strcmp(out->stopped, "byte budget") ? EFBIG
	       : !strcmp(out->stopped, "file limit") ? E2BIG : ETIME;
}

static int by_count_then_path(const void *a, const void *b)
{
	const struct leak_file *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->path, y->path);
}

void leak_scan_sort(struct leak_scan *s)
{
	if (s->n_leaks > 1)
		qsort(s->leaks, s->n_leaks, sizeof(*s->leaks), by_count_then_path);
}

void leak_scan_free(struct leak_scan *s)
{
	for (size_t i = 0; i < s->n_leaks; i++)
		free(s->leaks[i].path);
	free(s->leaks);
	memset(s, 0, sizeof(*s));
}
