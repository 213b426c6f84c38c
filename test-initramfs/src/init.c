// SPDX-License-Identifier: GPL-2.0-only
/* /init of the test initramfs (PID 1): sets up the guest, runs every suite
 * program under HB_SUITE_DIR as a KTAP subtest, prints "# hb-done" and
 * reboots (QEMU runs with -no-reboot, so that ends the run).
 * Before the first suite and after the last it prints the sysctls and the command line
 * (sysctl_dump.h), which the host judges with kernel-hardening-checker.
 * Options (kernel command line): see cmdline.h and README.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boot_setup.h"
#include "cmdline.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "suite_runner.h"
#include "sysctl_dump.h"
#include "sysctl_dump_format.h"

#define SYSLOG_ACTION_CONSOLE_LEVEL 8

/* In run order, from the one list of suites (backport/features/suites.def, which says why
 * that order). */
static const char *const suites[] = {
#define HB_SUITE(name, feature, proof) #name,
#include "suites.def"
#undef HB_SUITE
};
#define N_SUITES (sizeof(suites) / sizeof(suites[0]))

static int selected(const struct hb_opts *o, const char *name)
{
	if (o->only[0] && !hb_list_has(o->only, name))
		return 0;
	if (!strcmp(name, "fuzz") && !hb_list_has(o->only, name))
		return 0; /* only when asked for (backport fuzz) */
	return !hb_list_has(o->skip, name);
}

static void run_shell(void)
{
	pid_t pid;

	printf("# hb.shell: starting /bin/sh, exit it to reboot\n");
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setsid();
		execl("/bin/sh", "sh", (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

static void report_unknown_suites(const char *list)
{
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ","), i;

		for (i = 0; i < N_SUITES; i++)
			if (strlen(suites[i]) == len && !strncmp(p, suites[i], len))
				break;
		if (len && i == N_SUITES)
			printf("# unknown suite \"%.*s\" in hb.only/hb.skip\n", (int)len, p);
		p += len;
		if (*p == ',')
			p++;
	}
}

/* Outside the guest, only "--list" (the suites in run order) does anything:
 * as a host process /init would mount over /proc, /dev... and reboot. */
static int not_pid1(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (size_t i = 0; i < N_SUITES; i++)
			puts(suites[i]);
		return 0;
	}
	fprintf(stderr, "%s: the test initramfs's /init, runs only as PID 1 (%s --list: suites)\n",
		argv[0], argv[0]);
	return 2;
}

int main(int argc, char **argv)
{
	const char *chosen[N_SUITES];
	char cmdline[4096] = "";
	struct hb_opts opts;
	unsigned n = 0, failed = 0;
	int setup_failures;

	if (getpid() != 1)
		return not_pid1(argc, argv);
	hb_boot_console();
	ktap_init_stdout();
	setenv("PATH", "/sbin:/bin", 1);
	setenv(HB_GUEST_ENV, "1", 1);
	setup_failures = hb_boot_mounts();
	hb_boot_console();	/* again, now that devtmpfs has /dev/console */
	hb_read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	hb_opts_parse(cmdline, &opts);
	if (opts.loglevel >= 0)
		klogctl(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, opts.loglevel);
	/* the kernel's own values, before /init writes any (kernel-hardening-checker's input) */
	hb_sysctl_dump(HB_DUMP_AT_BOOT);
	hb_boot_sysctls();

	for (size_t i = 0; i < N_SUITES; i++)
		if (selected(&opts, suites[i]))
			chosen[n++] = suites[i];
	ktap_header(n);
	printf("# hb-init: cmdline: %s", cmdline[0] ? cmdline : "(unreadable)\n");
	report_unknown_suites(opts.only);
	report_unknown_suites(opts.skip);
	if (setup_failures)
		printf("# hb-init: %d setup step(s) failed, see above\n", setup_failures);
	for (unsigned i = 0; i < n; i++) {
		char path[256];
		enum hb_verdict v;

		snprintf(path, sizeof(path), "%s/%s", HB_SUITE_DIR, chosen[i]);
		/* a nested test: "  KTAP version 1", "  # Subtest: NAME", the plan... */
		v = hb_suite_run(path, opts.timeout_s);
		if (v != HB_PASS)
			failed++;
		ktap_result(i + 1, v, chosen[i], NULL);
	}
	/* the values the suites leave: each restores what it changed, but modules_lock leaves
	 * kernel.modules_restrict at 2 */
	hb_sysctl_dump(HB_DUMP_AT_END);
	printf("# hb-summary: %u suite(s), %u failed\n", n, failed);
	printf("# hb-done\n");
	fflush(stdout);
	if (opts.shell)
		run_shell();
	sync();
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
