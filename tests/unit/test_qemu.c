// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the QEMU runner (backport/boot/qemu.c) with fake "qemu" shell
 * scripts: no kernel and no QEMU needed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fsutil.h"
#include "qemu.h"

struct fixture {
	char dir[64];
	char script[96];
	char log[96];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	if (!f)
		return -1;
	strcpy(f->dir, "/tmp/hb-test-qemu-XXXXXX");
	if (!mkdtemp(f->dir)) {
		free(f);
		return -1;
	}
	snprintf(f->script, sizeof(f->script), "%s/qemu", f->dir);
	snprintf(f->log, sizeof(f->log), "%s/console.log", f->dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	unlink(f->script);
	unlink(f->log);
	rmdir(f->dir);
	free(f);
	return 0;
}

static void write_script(struct fixture *f, const char *body)
{
	FILE *s = fopen(f->script, "w");
	assert_non_null(s);
	fprintf(s, "#!/bin/sh\n%s\n", body);
	assert_int_equal(fclose(s), 0);
	assert_int_equal(chmod(f->script, 0755), 0);
}

static struct qemu_opts opts_for(struct fixture *f, int timeout_s, int idle_s)
{
	struct qemu_opts o = {
		.qemu_bin = f->script,
		.kernel = "/nonexistent/bzImage",
		.initrd = "/nonexistent/initrd.cpio",
		.timeout_s = timeout_s,
		.idle_timeout_s = idle_s,
		.console_log = f->log,
		.done_marker = "# hb-done",
	};
	return o;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *in = fopen(path, "r");
	assert_non_null(in);
	char *buf = calloc(1, 1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, (1 << 20) - 1, in);
	fclose(in);
	return buf;
}

/* The log file holds exactly what the result holds. */
static void assert_log_is_output(struct fixture *f, const struct qemu_result *r)
{
	size_t len;
	char *log = slurp(f->log, &len);
	assert_int_equal(len, r->output_len);
	assert_memory_equal(log, r->output, len);
	free(log);
}

/* Gone, or an orphan zombie waiting for init (not ours to reap). */
static bool process_gone(pid_t pid)
{
	for (int i = 0; i < 100; i++) {
		if (kill(pid, 0) < 0 && errno == ESRCH)
			return true;
		char path[64], buf[256];
		snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
		FILE *s = fopen(path, "r");
		if (s) {
			size_t n = fread(buf, 1, sizeof(buf) - 1, s);
			fclose(s);
			buf[n] = '\0';
			const char *paren = strrchr(buf, ')');
			if (paren && paren[1] == ' ' && paren[2] == 'Z')
				return true;
		}
		usleep(10000);
	}
	return false;
}

/* QEMU was reaped: the test process has no child at all. */
static void assert_no_children(void)
{
	errno = 0;
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
}

static pid_t pid_after(const char *output, const char *tag)
{
	const char *p = strstr(output, tag);
	assert_non_null(p);
	return (pid_t)atoi(p + strlen(tag));
}

static void test_exits_by_itself(void **state)
{
	struct fixture *f = *state;
	write_script(f, "echo 'SeaBIOS'; echo 'to stderr' >&2; printf 'KTAP version 1\\r\\n'; exit 0");
	struct qemu_opts o = opts_for(f, 5, 5);
	struct qemu_result r;
	char err[256] = "";
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.exit_status, 0);
	assert_false(r.killed);
	assert_false(r.hung);
	assert_false(r.timed_out);
	assert_false(r.panic_seen);
	assert_false(r.done_marker_seen);
	assert_false(r.log_failed);
	assert_true(r.seconds < 2.0);
	assert_non_null(strstr(r.output, "SeaBIOS\n"));
	assert_non_null(strstr(r.output, "to stderr\n"));
	assert_non_null(strstr(r.output, "KTAP version 1\r\n"));
	assert_int_equal(strlen(r.output), r.output_len);
	assert_log_is_output(f, &r);
	assert_true(process_gone(r.pid));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_exit_status_kept(void **state)
{
	struct fixture *f = *state;
	write_script(f, "echo 'qemu-system-x86_64: -kernel x: could not open' >&2; exit 3");
	struct qemu_opts o = opts_for(f, 5, 5);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_int_equal(r.exit_status, 3);
	assert_false(r.killed);
	assert_non_null(strstr(r.output, "could not open"));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_hang_detected(void **state)
{
	struct fixture *f = *state;
	write_script(f, "echo 'Booting from ROM..'; sleep 1000 & echo \"child $!\"; wait");
	struct qemu_opts o = opts_for(f, 10, 1);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.hung);
	assert_true(r.killed);
	assert_false(r.timed_out);
	assert_false(r.panic_seen);
	assert_true(r.seconds >= 1.0);
	assert_true(r.seconds < 2.5);
	assert_int_equal(r.exit_status, 128 + SIGTERM);
	assert_log_is_output(f, &r);
	pid_t child = pid_after(r.output, "child ");
	assert_true(process_gone(r.pid));
	assert_true(process_gone(child));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_timeout(void **state)
{
	struct fixture *f = *state;
	write_script(f, "while :; do echo tick; sleep 0.2; done");
	struct qemu_opts o = opts_for(f, 1, 5);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.timed_out);
	assert_true(r.killed);
	assert_false(r.hung);
	assert_true(r.seconds >= 1.0);
	assert_true(r.seconds < 2.5);
	assert_non_null(strstr(r.output, "tick\ntick\n"));
	assert_log_is_output(f, &r);
	assert_true(process_gone(r.pid));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_panic_detected(void **state)
{
	struct fixture *f = *state;
	/* the panic line arrives in two pieces */
	write_script(f, "echo '[    1.0] BUG: kernel NULL pointer dereference'; printf '[    1.1] Kernel pa';"
			" sleep 0.3; echo 'nic - not syncing: Fatal exception'; exec sleep 1000");
	struct qemu_opts o = opts_for(f, 10, 10);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.panic_seen);
	assert_true(r.killed);
	assert_false(r.hung);
	assert_false(r.timed_out);
	assert_false(r.done_marker_seen);
	assert_true(r.seconds >= 2.0);
	assert_true(r.seconds < 4.0);
	assert_non_null(strstr(r.output, "Kernel panic - not syncing: Fatal exception"));
	assert_log_is_output(f, &r);
	assert_true(process_gone(r.pid));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_done_marker(void **state)
{
	struct fixture *f = *state;
	write_script(f, "echo 'ok 1 x'; echo '# hb-done'; exit 0");
	struct qemu_opts o = opts_for(f, 5, 5);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.done_marker_seen);
	assert_false(r.killed);
	assert_false(r.panic_seen);
	assert_int_equal(r.exit_status, 0);
	assert_true(r.seconds < 2.0);
	assert_log_is_output(f, &r);
	assert_no_children();
	qemu_result_free(&r);
}

/* The guest finished but did not power off: stopped after the grace time. */
static void test_done_marker_then_stuck(void **state)
{
	struct fixture *f = *state;
	write_script(f, "echo '# hb-done'; exec sleep 1000");
	struct qemu_opts o = opts_for(f, 10, 10);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.done_marker_seen);
	assert_true(r.killed);
	assert_false(r.hung);
	assert_false(r.timed_out);
	assert_true(r.seconds >= 2.0);
	assert_true(r.seconds < 3.5);
	assert_true(process_gone(r.pid));
	assert_no_children();
	qemu_result_free(&r);

	/* silence after the marker is not a hang */
	o.idle_timeout_s = 1;
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.done_marker_seen);
	assert_true(r.killed);
	assert_false(r.hung);
	assert_true(r.seconds < 1.9);
	qemu_result_free(&r);
}

/* QEMU exits but leaves a process of its group behind: that one is killed too. */
static void test_leftovers_killed(void **state)
{
	struct fixture *f = *state;
	write_script(f, "sleep 1000 & echo \"child $!\"; exit 0");
	struct qemu_opts o = opts_for(f, 5, 5);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_false(r.killed);
	assert_int_equal(r.exit_status, 0);
	assert_true(r.seconds < 2.0);
	pid_t child = pid_after(r.output, "child ");
	assert_true(process_gone(child));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_sigterm_ignored(void **state)
{
	struct fixture *f = *state;
	write_script(f, "trap '' TERM; echo stubborn; while :; do sleep 0.1; done");
	struct qemu_opts o = opts_for(f, 10, 1);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_true(r.hung);
	assert_true(r.killed);
	assert_int_equal(r.exit_status, 128 + SIGKILL);
	assert_true(r.seconds >= 2.9);
	assert_true(r.seconds < 4.5);
	assert_true(process_gone(r.pid));
	assert_no_children();
	qemu_result_free(&r);
}

static void test_start_failures(void **state)
{
	struct fixture *f = *state;
	struct qemu_opts o = opts_for(f, 5, 5);
	struct qemu_result r;
	char err[256] = "";
	o.qemu_bin = "/nonexistent/qemu-system-x86_64";
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot run /nonexistent/qemu-system-x86_64"));
	assert_non_null(strstr(err, strerror(ENOENT)));
	assert_null(r.output);
	qemu_result_free(&r);
	assert_no_children();

	write_script(f, "exit 0");
	o = opts_for(f, 5, 5);
	o.console_log = "/nonexistent/dir/console.log";
	err[0] = '\0';
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/dir/console.log"));
	qemu_result_free(&r);
}

static void test_argv_and_command_line(void **state)
{
	struct fixture *f = *state;
	char *const extra[] = { "-device", "isa-debug-exit", NULL };
	struct qemu_opts o = {
		.kernel = "/k/bzImage",
		.initrd = "/k/initrd.cpio",
		.append = "console=ttyS0 panic=-1 it's",
		.accel = "kvm",
		.mem_mb = 1024,
		.extra_args = extra,
	};
	char *line = qemu_command_line(&o);
	assert_non_null(line);
	assert_string_equal(line,
		"qemu-system-x86_64 -nodefaults -no-user-config -accel kvm -cpu host -m 1024 -smp 1 "
		"-display none -serial stdio -monitor none -no-reboot -kernel /k/bzImage "
		"-initrd /k/initrd.cpio -append 'console=ttyS0 panic=-1 it'\\''s' -device isa-debug-exit");
	free(line);

	o.accel = NULL;
	o.initrd = NULL;
	o.append = NULL;
	o.extra_args = NULL;
	o.mem_mb = 0;
	char **argv = qemu_argv(&o);
	assert_non_null(argv);
	size_t n = fs_list_len(argv);
	assert_int_equal(n, 22);
	assert_string_equal(argv[4], "tcg");
	assert_string_equal(argv[6], "max");
	assert_string_equal(argv[8], "512");
	assert_string_equal(argv[n - 2], "-append");
	assert_string_equal(argv[n - 1], QEMU_DEFAULT_APPEND);
	qemu_argv_free(argv);

	/* the fake sees the very arguments */
	write_script(f, "echo \"$@\"");
	o = opts_for(f, 5, 5);
	o.append = "console=ttyS0 quiet";
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	assert_non_null(strstr(r.output, "-kernel /nonexistent/bzImage -initrd /nonexistent/initrd.cpio "
				 "-append console=ttyS0 quiet\n"));
	qemu_result_free(&r);
}

static void test_large_output(void **state)
{
	struct fixture *f = *state;
	write_script(f, "i=0; while [ $i -lt 3000 ]; do echo \"line $i of the console output\"; i=$((i+1)); done");
	struct qemu_opts o = opts_for(f, 10, 5);
	struct qemu_result r;
	char err[256];
	assert_int_equal(qemu_run(&o, &r, err, sizeof(err)), 0);
	size_t expect = 0;
	for (int i = 0; i < 3000; i++)
		expect += (size_t)snprintf(NULL, 0, "line %d of the console output\n", i);
	assert_int_equal(r.output_len, expect);
	assert_non_null(strstr(r.output, "line 2999 of the console output\n"));
	assert_false(r.output_truncated);
	assert_log_is_output(f, &r);
	qemu_result_free(&r);
}

static void test_probe_accel(void **state)
{
	struct fixture *f = *state;
	struct qemu_opts o = opts_for(f, 0, 1);
	char why[512] = "";

	assert_string_equal(qemu_probe_accel(&o, "/nonexistent/kvm", why, sizeof(why)), "tcg");
	assert_non_null(strstr(why, "/nonexistent/kvm"));

	write_script(f, "echo 'qemu-system-x86_64: error: failed to set MSR 0x10a to 0x2000000' >&2; exit 1");
	assert_string_equal(qemu_probe_accel(&o, "/dev/null", why, sizeof(why)), "tcg");
	assert_non_null(strstr(why, "status 1"));
	assert_non_null(strstr(why, "failed to set MSR 0x10a"));
	assert_no_children();

	write_script(f, "echo '[    0.000000] Linux version 6.1.0 (gcc 12)';"
			" echo '[    0.900000] Kernel panic - not syncing: VFS: Unable to mount root fs'; exit 0");
	assert_string_equal(qemu_probe_accel(&o, "/dev/null", why, sizeof(why)), "kvm");
	assert_non_null(strstr(why, "booted"));
	assert_no_children();

	/* starts, then hangs (the measured "-enable-kvm" behaviour) */
	write_script(f, "echo 'Linux version 6.1.0'; exec sleep 1000");
	assert_string_equal(qemu_probe_accel(&o, "/dev/null", why, sizeof(why)), "tcg");
	assert_non_null(strstr(why, "stopped printing"));
	assert_non_null(strstr(why, "Linux version 6.1.0"));
	assert_no_children();

	o.kernel = NULL;
	assert_string_equal(qemu_probe_accel(&o, "/dev/null", why, sizeof(why)), "tcg");
	assert_non_null(strstr(why, "no kernel"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_exits_by_itself, setup, teardown),
		cmocka_unit_test_setup_teardown(test_exit_status_kept, setup, teardown),
		cmocka_unit_test_setup_teardown(test_hang_detected, setup, teardown),
		cmocka_unit_test_setup_teardown(test_timeout, setup, teardown),
		cmocka_unit_test_setup_teardown(test_panic_detected, setup, teardown),
		cmocka_unit_test_setup_teardown(test_done_marker, setup, teardown),
		cmocka_unit_test_setup_teardown(test_done_marker_then_stuck, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sigterm_ignored, setup, teardown),
		cmocka_unit_test_setup_teardown(test_leftovers_killed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_start_failures, setup, teardown),
		cmocka_unit_test_setup_teardown(test_argv_and_command_line, setup, teardown),
		cmocka_unit_test_setup_teardown(test_large_output, setup, teardown),
		cmocka_unit_test_setup_teardown(test_probe_accel, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
