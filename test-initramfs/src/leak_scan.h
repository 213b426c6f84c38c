/* SPDX-License-Identifier: GPL-2.0-only */
/* A bounded walk over the files of /proc and /sys that reads every regular
 * file the caller can open and counts the kernel addresses in it (kaddr.h).
 *
 * What is walked: every directory of the roots given, without following
 * symbolic links (so /sys/class, /sys/bus and /proc/net add nothing twice).
 * Under /proc, of the per-process directories only /proc/1 and /proc/self
 * (a root of its own, read as "/proc/self/..."), each without its task/
 * copies, and /proc/1 without net/ (the same namespace as /proc/self/net);
 * /proc/thread-self is a link. Left out: /proc/kmsg and
 * /sys/power/wakeup_count (they block), /proc/kcore, /proc/kpage* and
 * PID/mem, PID/pagemap (huge, binary), /sys/kernel/debug and
 * /sys/kernel/tracing (debugfs and tracefs: pipes that block).
 *
 * Bounds: each file is opened O_NONBLOCK (EAGAIN: skipped as blocking) and
 * read under a timer (a read that outlasts it is skipped as timed out), at
 * most file_max_bytes of it; at most total_max_bytes, max_files files and
 * budget_ms in all, and max_depth levels of directories: reaching a total
 * bound stops the walk and says so. */
#ifndef HB_LEAK_SCAN_H
#define HB_LEAK_SCAN_H

#include <stddef.h>

struct leak_scan_limits {
	size_t file_max_bytes;
	size_t total_max_bytes;
	unsigned long max_files;	/* files opened */
	unsigned file_timeout_ms;
	unsigned budget_ms;
	unsigned max_depth;
};

struct leak_file {
	char *path;
	size_t count;	/* kernel addresses in it */
};

struct leak_scan {
	unsigned long files_read;	/* opened and read to the end or to the cap */
	unsigned long unreadable;	/* open or read refused (EACCES, EPERM, EIO, ...) */
	unsigned long blocked, timed_out, truncated, skipped, too_deep;
	unsigned long long bytes;
	size_t total;			/* kernel addresses in all */
	struct leak_file *leaks;	/* the files with at least one, in walk order */
	size_t n_leaks, cap_leaks;
	int error;			/* 0, or the errno that broke the walk itself */
	const char *stopped;		/* NULL, or the bound that stopped the walk early */
	unsigned elapsed_ms;
};

/* Default bounds: 64 KiB a file, 8 MiB and 100000 files in all, 2 s a file,
 * 60 s in all, 32 levels. */
void leak_scan_default_limits(struct leak_scan_limits *lim);

/* Walks ROOTS (NULL-terminated absolute paths) into *out (zeroed first).
 * Returns 0 when the walk covered everything within its bounds, or an errno:
 * the walk's own error, EFBIG/ETIME/E2BIG when the byte, time or file bound
 * stopped it. Uses SIGUSR1 for its timer. */
int leak_scan_run(const char *const *roots, const struct leak_scan_limits *lim,
		  struct leak_scan *out);

/* Sorts the leaking files, most addresses first, then by path. */
void leak_scan_sort(struct leak_scan *s);
void leak_scan_free(struct leak_scan *s);

#endif
