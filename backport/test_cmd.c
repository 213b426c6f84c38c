/* backport test NAME [--vanilla] and backport run [NAME]: the commands over guest_test. */
#include "commands.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "build.h"
#include "fetch.h"
#include "guest_test.h"
#include "lock.h"
#include "msg.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char *const boot_tools[] = { "qemu-system-x86_64", "qemu-system-x86", NULL };

/* What building and booting a kernel needs. */
static int need_tools(void)
{
	int rc = fetch_need_tools(build_tools);
	return rc ? rc : fetch_need_tools(boot_tools);
}

int cmd_test(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "vanilla", no_argument, NULL, 'v' },
					      { "append", required_argument, NULL, 'a' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	bool vanilla = false;
	const char *append = NULL;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'v') {
			vanilla = true;
		} else if (c == 'a') {
			append = optarg;
		} else {
			FILE *f = c == 'h' ? stdout : stderr;
			fprintf(f, "usage: backport test NAME [--vanilla] [--append ARGS]\n"
				   "Builds kernel NAME (patched, or vanilla), boots it in QEMU with the test\n"
				   "initramfs and judges the guest's KTAP results. On vanilla, the tests of a\n"
				   "feature it lacks are expected to fail and are reported as expected.\n"
				   "  --append ARGS   more kernel command-line arguments (e.g. hb.only=smoke)\n");
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: backport test NAME [--vanilla]\n");
		return HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = ctx_kernel(ctx, argv[optind]);
	if (!e)
		return HB_EXIT_USAGE;
	int rc = need_tools();
	if (rc)
		return rc;
	int lock = lock_acquire(ctx->cache, "build");
	struct guest_test_result r;
	rc = guest_test_kernel(ctx, e, vanilla, append, &r);
	lock_release(lock);
	guest_test_result_free(&r);
	return rc;
}

/* One line per feature: fails on vanilla and passes patched = proven; passes both = upstream. */
static bool print_summary(const struct kernel_entry *e, const struct guest_test_result *v,
			  const struct guest_test_result *p)
{
	bool ok = v->booted && p->booted && v->console_clean && p->console_clean;
	printf("\nSummary for %s\n", e->name);
	printf("| %-18s | %-22s | %-22s | %-28s |\n", "feature", "vanilla", "patched", "verdict");
	printf("|%.20s|%.24s|%.24s|%.30s|\n", "--------------------", "------------------------",
	       "------------------------", "------------------------------");
	/* Row 0 is the regression smoke (no feature), then one row per feature of the table. */
	for (size_t row = 0; row <= features_count; row++) {
		const char *name = row ? features[row - 1].name : NULL;
		bool v_all = true, p_all = true, seen = false;
		for (int i = 0; i < p->n_suites; i++) {
			const char *feat = p->suites[i].feature;
			if ((feat == NULL) != (name == NULL) || (feat && strcmp(feat, name)))
				continue;
			seen = true;
			v_all = v_all && v->suites[i].seen && v->suites[i].passed;
			p_all = p_all && p->suites[i].seen && p->suites[i].passed;
		}
		if (!seen)
			continue;
		const char *verdict;
		if (!p_all)
			verdict = "FAILED on patched";
		else if (!name)
			verdict = v_all ? "no regression" : "FAILED on vanilla";
		else if (!v_all)
			verdict = "patched and proven";
		else
			verdict = "present upstream";
		ok = ok && p_all && (name || v_all);
		printf("| %-18s | %-22s | %-22s | %-28s |\n", name ? name : "(regression smoke)",
		       v_all ? "pass" : "fail", p_all ? "pass" : "fail", verdict);
	}
	printf("\nvanilla: %.1f s boot, %s; patched: %.1f s boot, %s\n", v->boot_seconds, v->dir,
	       p->boot_seconds, p->dir);
	return ok && v->as_expected && p->as_expected;
}

int cmd_run(struct hb_ctx *ctx, int argc, char **argv)
{
	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		bool help = argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
		fprintf(help ? stdout : stderr,
			"usage: backport run [NAME]\n"
			"The whole job on one kernel (default: the one matching this Debian release):\n"
			"fetch, apply, build vanilla and patched, boot and test both, summary.\n");
		return help ? HB_EXIT_OK : HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = argc == 2 ? ctx_kernel(ctx, argv[1]) : ctx_default_kernel(ctx);
	if (!e)
		return HB_EXIT_USAGE;
	int rc = need_tools();
	if (rc)
		return rc;
	double t0 = msg_now();
	msg_stage("run %s: fetch, apply, build and test vanilla and patched", e->name);
	int lock = lock_acquire(ctx->cache, "build");
	struct guest_test_result p, v;
	memset(&p, 0, sizeof(p));
	/* Vanilla first: its build fills ccache for the patched one. */
	int rc_v = guest_test_kernel(ctx, e, true, NULL, &v);
	bool broken = rc_v == HB_EXIT_ENV || rc_v == HB_EXIT_USAGE;
	int rc_p = broken ? rc_v : guest_test_kernel(ctx, e, false, NULL, &p);
	lock_release(lock);
	if (broken || rc_p == HB_EXIT_ENV || rc_p == HB_EXIT_USAGE) {
		guest_test_result_free(&p);
		guest_test_result_free(&v);
		return broken ? rc_v : rc_p;
	}
	bool ok = print_summary(e, &v, &p);
	printf("run %s: %s in %.0f s\n", e->name, ok ? "every hardening proven" : "FAILED",
	       msg_now() - t0);
	guest_test_result_free(&p);
	guest_test_result_free(&v);
	return ok ? HB_EXIT_OK : HB_EXIT_FAILED;
}
