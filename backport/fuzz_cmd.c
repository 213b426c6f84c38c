/* backport fuzz NAME [--seconds N] [--seed S] [--vanilla]: Dave Jones's trinity in the guest,
 * as the unprivileged user, then the console read for Oops, BUG, WARNING and panic. */
#include "build.h"
#include "commands.h"
#include "console_scan.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "guest_test.h"
#include "initramfs.h"
#include "ktap.h"
#include "lock.h"
#include "msg.h"
#include "qemu.h"
#include "spawn.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRINITY "/usr/bin/trinity"
#define DEFAULT_SECONDS 60
#define DEFAULT_SEED 20101

/* gen_init_cpio lines for trinity and the shared libraries ldd lists for it, or NULL. */
static char *trinity_lines(void)
{
	char *argv[] = { "ldd", TRINITY, NULL };
	int status = -1;
	char *out = fs_exists(TRINITY) ? spawn_capture(argv, NULL, &status) : NULL;
	if (!out || status != 0) {
		free(out);
		return NULL;
	}
	char *lines = strdup("dir /usr 0755 0 0\ndir /usr/bin 0755 0 0\ndir /lib64 0755 0 0\n"
			     "dir /lib/x86_64-linux-gnu 0755 0 0\n"
			     "file " TRINITY " " TRINITY " 0755 0 0\n");
	for (char *save = NULL, *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *path = strstr(l, "=> ") ? strstr(l, "=> ") + 3 : l;
		path += strspn(path, " \t");
		if (*path != '/')
			continue; /* linux-vdso.so.1 */
		path[strcspn(path, " \t(")] = '\0';
		char *more = xasprintf("%sfile %s %s 0755 0 0\n", lines, path, path);
		free(lines);
		lines = more;
	}
	free(out);
	return lines;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: backport fuzz NAME [--seconds N] [--seed S] [--vanilla]\n"
		   "Boots kernel NAME (patched, or vanilla) with Debian's trinity in the initramfs\n"
		   "and runs it as the unprivileged user for N seconds (default %d) with the random\n"
		   "seed S (default %d, printed for replay); then checks that the guest still\n"
		   "works and powers off, and that the console shows no Oops, BUG, WARNING or\n"
		   "panic. The console log is CACHE/build/NAME/FLAVOUR/fuzz-console.log.\n",
		DEFAULT_SECONDS, DEFAULT_SEED);
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

static int fuzz_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		       long seconds, long seed)
{
	const char *flavour = vanilla ? "vanilla" : "patched";
	char *extra = trinity_lines();
	if (!extra) {
		msg_error("cannot list %s and its libraries (ldd): install Debian's trinity "
			  "(scripts/install-deps)", TRINITY);
		return HB_EXIT_ENV;
	}
	struct build_output b = { 0 };
	int rc = build_kernel(ctx, e, vanilla, &b);
	char *guest_list = fs_join(ctx->repo, "build/guest/initramfs.list");
	char *cpio = rc ? NULL : fs_join(b.dir, "fuzz-initramfs.cpio");
	char *gen = rc ? NULL : fs_join(b.dir, "out/usr/gen_init_cpio");
	char *console = rc ? NULL : fs_join(b.dir, "fuzz-console.log");
	msg_stage("fuzz %s %s: trinity for %ld s, seed %ld", e->name, flavour, seconds, seed);
	if (rc == HB_EXIT_OK &&
	    initramfs_pack(gen, guest_list, extra, b.modules, b.release, cpio, b.log) != 0) {
		msg_error("cannot pack the initramfs %s (log: %s)", cpio, b.log);
		rc = HB_EXIT_ENV;
	}
	struct qemu_result q = { 0 };
	if (rc == HB_EXIT_OK) {
		char *append = xasprintf("console=ttyS0 panic=-1 loglevel=4 hb.only=fuzz "
					 "hb.timeout=%ld hb.fuzz=%ld hb.seed=%ld",
					 seconds + 120, seconds, seed);
		struct qemu_opts o = { .kernel = b.bzimage, .initrd = cpio, .append = append,
				       .mem_mb = 512, .timeout_s = (unsigned)seconds + 300,
				       .idle_timeout_s = (unsigned)seconds + 120,
				       .console_log = console, .done_marker = "# hb-done" };
		char why[256], err[512];
		o.accel = qemu_probe_accel(&o, NULL, why, sizeof(why));
		char *cmdline = qemu_command_line(&o);
		msg_info("$ %s", cmdline);
		free(cmdline);
		if (qemu_run(&o, &q, err, sizeof(err)) != 0) {
			msg_error("cannot start QEMU: %s", err);
			rc = HB_EXIT_ENV;
		}
		free(append);
	}
	if (rc == HB_EXIT_OK) {
		bool finished = q.done_marker_seen && !q.panic_seen && !q.hung && !q.timed_out;
		struct console_scan scan;
		console_scan(q.output, q.output_len, &scan);
		bool clean = !console_scan_trouble(&scan);
		bool ran = suite_passed(q.output, q.output_len);
		msg_info("| kernel | flavour | seconds | seed | trinity ran | console | powered off |");
		msg_info("| %s | %s | %ld | %ld | %s | %s | %s |", e->name, flavour, seconds, seed,
			 ran ? "yes" : "NO", clean ? "clean" : scan.first_line ? scan.first_line : "?",
			 finished ? "yes" : q.panic_seen ? "KERNEL PANIC" : q.hung ? "HUNG" : "NO");
		msg_info("console: %s", console);
		if (!finished || !clean || !ran) {
			msg_error("fuzz %s %s: %s (console log: %s)", e->name, flavour,
				  !ran ? "trinity did not run to its end" : !clean ? "the kernel complained"
				  : "the guest did not power off", console);
			rc = HB_EXIT_FAILED;
		}
		console_scan_free(&scan);
	}
	qemu_result_free(&q);
	free(console);
	free(gen);
	free(cpio);
	free(guest_list);
	free(extra);
	build_output_free(&b);
	return rc;
}

int cmd_fuzz(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "seconds", required_argument, NULL, 's' },
					      { "seed", required_argument, NULL, 'S' },
					      { "vanilla", no_argument, NULL, 'v' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	long seconds = DEFAULT_SECONDS, seed = DEFAULT_SEED;
	bool vanilla = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		char *end = NULL;
		if (c == 's' || c == 'S') {
			long v = strtol(optarg, &end, 10);
			if (!*optarg || *end || v < (c == 's' ? 1 : 0) || v > 86400L * 365) {
				msg_error("--%s wants a %s number, not '%s'",
					  c == 's' ? "seconds" : "seed",
					  c == 's' ? "positive" : "non-negative", optarg);
				return HB_EXIT_USAGE;
			}
			*(c == 's' ? &seconds : &seed) = v;
		} else if (c == 'v') {
			vanilla = true;
		} else {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = ctx_kernel(ctx, argv[optind]);
	if (!e)
		return HB_EXIT_USAGE;
	int rc = guest_test_check(ctx);
	if (rc)
		return rc;
	int lock = build_lock(ctx, e);
	rc = fuzz_kernel(ctx, e, vanilla, seconds, seed);
	lock_release(lock);
	return rc;
}
