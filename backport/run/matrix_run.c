// SPDX-License-Identifier: GPL-2.0-only
#include "matrix_run.h"

#include "exitcodes.h"
#include "fsutil.h"
#include "msg.h"
#include "report.h"
#include "run_result_json.h"
#include "verdict.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char *kernel_json_path(const struct matrix_plan *p, const char *name)
{
	return xasprintf("%s/kernels/%s.json", p->dir, name);
}

static char *kernel_log_path(const struct matrix_plan *p, const char *name)
{
	return xasprintf("%s/logs/%s.log", p->dir, name);
}

static struct run_opts opts_for(const struct hb_ctx *ctx, const struct matrix_plan *p,
				const struct kernel_entry *e, FILE *progress)
{
	return (struct run_opts){ .progress = progress, .run_id = p->run_id,
				  .order = (int)(e - ctx->kernels.entries) };
}

static void print_done(const struct run_result *r, const char *log)
{
	msg_stage("matrix: %s %s (%.0f s%s%s)", r->kernel,
		  r->exit_code == 0 ? "ok" : r->exit_code == 1 ? "FAILED" : "BROKEN",
		  run_result_seconds(r), log ? ", log " : "", log ? log : "");
}

/* The child's exit code is the kernel's; its results are in its JSON. */
static void child(struct hb_ctx *ctx, const struct matrix_plan *p, const struct kernel_entry *e,
		  const struct kernel_ops *ops)
{
	int tty = dup(STDOUT_FILENO);
	FILE *progress = tty >= 0 ? fdopen(tty, "w") : NULL;
	char *log = kernel_log_path(p, e->name);
	int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		msg_error("cannot write %s: %m", log);
		_exit(HB_EXIT_ENV);
	}
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	close(fd);
	struct run_result r;
	struct run_opts o = opts_for(ctx, p, e, progress);
	run_kernel(ctx, e, &o, ops, &r);
	char *json = kernel_json_path(p, e->name);
	int rc = run_result_write_file(&r, json) == 0 ? r.exit_code : HB_EXIT_ENV;
	if (rc == HB_EXIT_ENV && r.exit_code != HB_EXIT_ENV)
		msg_error("cannot write %s: %m", json);
	fflush(NULL);
	_exit(rc);
}

/* A kernel whose child ended without its results: broken at the first stage. */
static void lost_child(const struct hb_ctx *ctx, const struct matrix_plan *p,
		       const struct kernel_entry *e, int status, struct run_result *r)
{
	memset(r, 0, sizeof(*r));
	r->kernel = strdup(e->name);
	r->order = (int)(e - ctx->kernels.entries);
	r->run_id = p->run_id ? strdup(p->run_id) : NULL;
	run_kernel_rows(ctx, r);
	struct run_stage *st = &r->stages[STAGE_FETCH];
	st->status = STAGE_BROKEN;
	st->exit_code = HB_EXIT_ENV;
	st->log = kernel_log_path(p, e->name);
	st->detail = WIFSIGNALED(status)
			     ? xasprintf("the matrix's process for %s was killed by signal %d "
					 "before it wrote its results", e->name, WTERMSIG(status))
			     : xasprintf("the matrix's process for %s ended (exit %d) without its "
					 "results", e->name, WEXITSTATUS(status));
	verdict_judge(r);
	r->exit_code = run_result_exit_code(r);
}

static void collect(const struct hb_ctx *ctx, const struct matrix_plan *p,
		    const struct kernel_entry *e, int status, struct run_result *r)
{
	char *json = kernel_json_path(p, e->name);
	char err[600];
	if (run_result_read_file(json, r, err, sizeof(err)) != 0) {
		if (fs_exists(json))
			msg_warn("%s", err);
		lost_child(ctx, p, e, status, r);
		run_result_write_file(r, json);
	}
	free(json);
}

static int run_parallel(struct hb_ctx *ctx, const struct matrix_plan *p,
			const struct kernel_ops *ops, struct run_result *results)
{
	pid_t *pids = calloc(p->count + 1, sizeof(*pids));
	char *logs = fs_join(p->dir, "logs"), *kernels = fs_join(p->dir, "kernels");
	if (!pids || fs_mkdir_p(logs, 0755) != 0 || fs_mkdir_p(kernels, 0755) != 0) {
		msg_error("cannot create %s and %s: %m", logs, kernels);
		free(pids);
		free(logs);
		free(kernels);
		return HB_EXIT_ENV;
	}
	free(logs);
	free(kernels);
	size_t next = 0, running = 0;
	while (next < p->count || running) {
		while (running < (size_t)p->parallel && next < p->count) {
			const struct kernel_entry *e = p->kernels[next];
			char *log = kernel_log_path(p, e->name);
			char *json = kernel_json_path(p, e->name);
			unlink(json); /* what a lost child leaves must not be an older run's */
			free(json);
			msg_stage("matrix: %s started (log %s)", e->name, log);
			free(log);
			fflush(NULL);
			pid_t pid = fork();
			if (pid == 0)
				child(ctx, p, e, ops);
			if (pid < 0) {
				msg_error("cannot start a process for %s: %m", e->name);
				lost_child(ctx, p, e, HB_EXIT_ENV << 8, &results[next]);
			} else {
				pids[next] = pid;
				running++;
			}
			next++;
		}
		if (!running)
			break;
		int status;
		pid_t done = waitpid(-1, &status, 0);
		if (done < 0) {
			if (errno == EINTR)
				continue;
			msg_error("waiting for the kernels' processes: %m");
			break;
		}
		for (size_t i = 0; i < next; i++) {
			if (pids[i] != done)
				continue;
			pids[i] = 0;
			running--;
			collect(ctx, p, p->kernels[i], status, &results[i]);
			char *log = kernel_log_path(p, p->kernels[i]->name);
			print_done(&results[i], log);
			free(log);
		}
	}
	free(pids);
	return report_exit_code(results, p->count);
}

int matrix_run(struct hb_ctx *ctx, const struct matrix_plan *p, const struct kernel_ops *ops,
	       struct run_result *results)
{
	if (p->parallel > 1 && p->count > 1)
		return run_parallel(ctx, p, ops, results);
	char *kernels = fs_join(p->dir, "kernels");
	fs_mkdir_p(kernels, 0755);
	free(kernels);
	for (size_t i = 0; i < p->count; i++) {
		const struct kernel_entry *e = p->kernels[i];
		struct run_opts o = opts_for(ctx, p, e, NULL);
		run_kernel(ctx, e, &o, ops, &results[i]);
		char *json = kernel_json_path(p, e->name);
		if (run_result_write_file(&results[i], json) != 0)
			msg_warn("cannot write %s: %m", json);
		free(json);
		print_done(&results[i], NULL);
	}
	return report_exit_code(results, p->count);
}
