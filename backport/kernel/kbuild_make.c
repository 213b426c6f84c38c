// SPDX-License-Identifier: GPL-2.0-only
#include "kbuild_make.h"

#include "fsutil.h"
#include "lock.h"
#include "msg.h"
#include "spawn.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROGRESS_EVERY_S 15

/* Kbuild's output lines ("  CC      kernel/fork.o") in the log so far. */
static long count_steps(const char *log)
{
	char *text = fs_read_file(log, NULL);
	long n = 0;
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		n += p[0] == ' ' && p[1] == ' ' && p[2] >= 'A' && p[2] <= 'Z';
	free(text);
	return n;
}

/* Runs make with a progress line every few seconds. */
static int make_with_progress(char *const argv[], const struct spawn_opts *o, const char *what)
{
	double t0 = msg_now(), last = t0;
	int pid = spawn_start(argv, o);
	if (pid < 0)
		return -1;
	int st;
	while ((st = spawn_wait(pid, 1)) == -2) {
		usleep(250 * 1000);
		if (msg_now() - last >= PROGRESS_EVERY_S) {
			last = msg_now();
			int s = (int)(last - t0);
			msg_info("%s: %dm%02ds, %ld build steps", what, s / 60, s % 60,
				 count_steps(o->log_path));
		}
	}
	return st;
}

int kbuild_make(const struct hb_ctx *ctx, const char *src, const char *outdir, const char *log,
		char **env, const char *const *targets, const char *what)
{
	size_t count = 0;
	while (targets[count])
		count++;
	char **argv = calloc(count + 8, sizeof(char *));
	int n = 0;
	char *jobs = xasprintf("-j%d", ctx_make_jobs(ctx));
	char *o_arg = xasprintf("O=%s", outdir);
	argv[n++] = "make";
	argv[n++] = "-C";
	argv[n++] = (char *)src;
	argv[n++] = o_arg;
	argv[n++] = jobs;
	argv[n++] = "CC=ccache gcc";
	argv[n++] = "HOSTCC=ccache gcc";
	for (const char *const *t = targets; *t; t++)
		argv[n++] = (char *)*t;
	argv[n] = NULL;
	spawn_log_argv(log, argv);
	struct spawn_opts o = { .log_path = log, .env_add = env };
	int st = make_with_progress(argv, &o, what);
	free(jobs);
	free(o_arg);
	free(argv);
	return st;
}


/* LINE (LEN bytes) without its leading and trailing blanks (malloc'd). */
static char *trimmed(const char *line, size_t len)
{
	while (len && (*line == ' ' || *line == '\t')) {
		line++;
		len--;
	}
	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
		len--;
	return strndup(line, len);
}

char *kbuild_first_error(const char *log_text)
{
	static const char *const kinds[][3] = { { "error:", "undefined reference", NULL },
						{ "*** ", NULL, NULL } };
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		for (const char *l = log_text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
			size_t len = strcspn(l, "\n");
			for (const char *const *w = kinds[k]; *w; w++) {
				const char *hit = memmem(l, len, *w, strlen(*w));
				if (hit)
					return trimmed(l, len);
			}
		}
	}
	return NULL;
}

char *kbuild_compiler_name(void)
{
	char *argv[] = { "gcc", "-dumpversion", NULL };
	int st;
	char *out = spawn_capture(argv, NULL, &st);
	char *name = out && st == 0 && *out ? xasprintf("gcc %.*s", (int)strcspn(out, "\n"), out)
					     : strdup("gcc");
	free(out);
	return name;
}

int kbuild_lock(const struct hb_ctx *ctx, const struct kernel_entry *e)
{
	char *name = xasprintf("build-%s", e->name);
	int fd = lock_acquire(ctx->cache, name);
	free(name);
	return fd;
}
