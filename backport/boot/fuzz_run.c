// SPDX-License-Identifier: GPL-2.0-only
#include "fuzz_run.h"

#include "console_scan.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "initramfs.h"
#include "ktap.h"
#include "msg.h"
#include "qemu.h"
#include "spawn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TRINITY "/usr/bin/trinity"

/* gen_init_cpio lines for trinity and the shared libraries ldd lists for it, or NULL. */
static char *trinity_lines(void)
{
	static const char *const programs[] = { TRINITY, TRINITY, NULL };
	const char *missing;
	return initramfs_host_programs(programs, &missing);
}

/* The fuzz suite's result in the console's KTAP: true when it ran and passed. */
static bool suite_passed(const char *output, size_t len)
{
	struct ktap_report report;
	ktap_parse(output, len, &report);
	bool ok = false;
	for (size_t i = 0; i < report.n_results; i++)
		if (strcmp(report.results[i].name, "fuzz") == 0)
			ok = report.results[i].status == KTAP_OK;
	ktap_report_free(&report);
	return ok;
}

bool fuzz_result_ok(const struct fuzz_result *r)
{
	return r->trinity_ran && r->console_clean && r->powered_off;
}

int fuzz_built(const struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
	       const struct build_output *b, long seconds, long seed, struct fuzz_result *out)
{
	const char *flavour = vanilla ? "vanilla" : "patched";
	memset(out, 0, sizeof(*out));
	out->seconds = seconds;
	out->seed = seed;
	char *extra = trinity_lines();
	if (!extra) {
		msg_error("cannot list %s and its libraries (ldd): install Debian's trinity "
			  "(scripts/install-deps)", TRINITY);
		return HB_EXIT_ENV;
	}
	char *guest_list = fs_join(ctx->repo, "out/guest/initramfs.list");
	char *cpio = fs_join(b->dir, "fuzz-initramfs.cpio");
	char *gen = fs_join(b->dir, "out/usr/gen_init_cpio");
	/* A log per run: the matrix and a direct run of the same kernel must not overwrite each
	 * other's evidence. */
	char stamp[32];
	time_t now = time(NULL);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", localtime(&now));
	out->console_log = xasprintf("%s/fuzz-%s-console.log", b->dir, stamp);
	int rc = HB_EXIT_OK;
	msg_stage("fuzz %s %s: trinity for %ld s, seed %ld", e->name, flavour, seconds, seed);
	if (initramfs_pack(gen, guest_list, extra, b->modules, b->release, cpio, b->log) != 0) {
		msg_error("cannot pack the initramfs %s (log: %s)", cpio, b->log);
		rc = HB_EXIT_ENV;
	}
	struct qemu_result q = { 0 };
	if (rc == HB_EXIT_OK) {
		char *append = xasprintf("console=ttyS0 panic=-1 loglevel=4 hb.only=fuzz "
					 "hb.timeout=%ld hb.fuzz=%ld hb.seed=%ld",
					 seconds + 120, seconds, seed);
		struct qemu_opts o = { .kernel = b->bzimage, .initrd = cpio, .append = append,
				       .mem_mb = 512, .smp = QEMU_GUEST_SMP,
				       .timeout_s = (unsigned)seconds + 300,
				       .idle_timeout_s = (unsigned)seconds + 120,
				       .console_log = out->console_log, .done_marker = "# hb-done" };
		char why[256], err[512];
		o.accel = qemu_probe_accel(&o, NULL, why, sizeof(why));
		char *cmdline = qemu_command_line(&o);
		msg_info("$ %s", cmdline);
		free(cmdline);
		if (qemu_run(&o, &q, err, sizeof(err)) != 0) {
			msg_error("cannot start QEMU: %s", err);
			rc = HB_EXIT_ENV;
		}
		out->ran = rc == HB_EXIT_OK;
		free(append);
	}
	if (rc == HB_EXIT_OK) {
		out->powered_off = q.done_marker_seen && !q.panic_seen && !q.hung && !q.timed_out;
		struct console_scan scan;
		console_scan(q.output, q.output_len, &scan);
		out->console_clean = !console_scan_trouble(&scan);
		const char *line = scan.first_line ? scan.first_line : "?";
		/* at most 255 bytes, as the results have always kept */
		if (!out->console_clean && *line)
			out->problem = strndup(line, 255);
		console_scan_free(&scan);
		out->trinity_ran = suite_passed(q.output, q.output_len);
		msg_info("| kernel | flavour | seconds | seed | trinity ran | console | powered off |");
		msg_info("| %s | %s | %ld | %ld | %s | %s | %s |", e->name, flavour, seconds, seed,
			 out->trinity_ran ? "yes" : "NO", out->console_clean ? "clean"
			 : out->problem ? out->problem : "",
			 out->powered_off ? "yes" : q.panic_seen ? "KERNEL PANIC" : q.hung ? "HUNG" : "NO");
		msg_info("console: %s", out->console_log);
		if (!fuzz_result_ok(out)) {
			msg_error("fuzz %s %s: %s (console log: %s)", e->name, flavour,
				  !out->trinity_ran ? "trinity did not run to its end"
				  : !out->console_clean ? "the kernel complained"
							: "the guest did not power off",
				  out->console_log);
			rc = HB_EXIT_FAILED;
		}
	}
	qemu_result_free(&q);
	free(gen);
	free(cpio);
	free(guest_list);
	free(extra);
	return rc;
}
