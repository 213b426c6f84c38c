// SPDX-License-Identifier: GPL-2.0-only
/* hb-system: run by hb-system.service once a Debian system booted on the kernel under test. It
 * runs the workloads of workload.c, one KTAP case each, and writes the KTAP document to the
 * results disk (the second virtio disk, /dev/vdb, which the driver reads after QEMU exits:
 * nothing the kernel prints can land in it), tells its progress on the serial console, ends
 * with "# hb-system-done" there and powers the machine off.
 * It refuses to run unless the kernel command line has hb.system: it adds links, IPsec states
 * and mounts, and sets sysctls, which belongs in the guest only. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"
#include "sys_cmd.h"
#include "workload.h"

#define RESULTS_DISK "/dev/vdb"
#define RESULTS_FILE "/run/hb-system/results.ktap"
#define CONSOLE "/dev/ttyS0"
#define DONE_MARKER "# hb-system-done"

static FILE *console;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	if (!console)
		return;
	va_start(ap, fmt);
	fputs("hb-system: ", console);
	vfprintf(console, fmt, ap);
	fputc('\n', console);
	fflush(console);
	va_end(ap);
}

static int cmdline_has(const char *word)
{
	char text[4096];
	size_t n = strlen(word);

	if (hb_read_file("/proc/cmdline", text, sizeof(text)) < 0)
		return 0;
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
		if ((p == text || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\n' || !p[n] ||
						     p[n] == '='))
			return 1;
	return 0;
}

/* The results so far onto the results disk, NUL-terminated, synced: what a hang leaves behind
 * is every case that finished. */
static void publish(void)
{
	static char buf[1 << 20];
	int in, out;
	ssize_t n;

	fflush(stdout);
	in = open(RESULTS_FILE, O_RDONLY | O_CLOEXEC);
	n = in >= 0 ? read(in, buf, sizeof(buf) - 1) : -1;
	if (in >= 0)
		close(in);
	out = open(RESULTS_DISK, O_WRONLY | O_CLOEXEC);
	if (n < 0 || out < 0) {
		say("cannot write the results to %s: %s", RESULTS_DISK, strerror(errno));
		if (out >= 0)
			close(out);
		return;
	}
	buf[n] = '\0';
	if (pwrite(out, buf, (size_t)n + 1, 0) != n + 1 || fsync(out) < 0)
		say("cannot write the results to %s: %s", RESULTS_DISK, strerror(errno));
	close(out);
}

static void print_effects(const struct sys_names *requests, const struct sys_names *loaded,
			  const struct sys_refusals *refused)
{
	sys_names_diag("requested", requests);
	sys_names_diag("loaded", loaded);
	for (size_t i = 0; i < refused->n; i++) {
		const struct sys_refusal *r = &refused->r[i];

		ktap_diag("refused: %s by %s[%d] uid %ld unit %s module %s", r->alias, r->comm,
			  (int)r->pid, r->uid, r->unit[0] ? r->unit : "-",
			  r->module[0] ? r->module : "-");
	}
}

/* Unloads what an attack loaded, the newest first, so that the next case starts as the boot
 * left the system. */
static void unload(const struct sys_names *loaded)
{
	for (size_t i = loaded->n; i-- > 0;) {
		const char *argv[] = { "modprobe", "-r", "-q", loaded->name[i], NULL };
		struct sys_cmd_result r;

		sys_run(argv, 60, &r);
	}
}

static enum hb_verdict run_one(const struct workload *w)
{
	static struct sys_names before, after, loaded, requests;
	static struct sys_refusals refused;
	struct sys_mark m;
	enum hb_verdict v;

	sys_modules_now(&before);
	sys_mark(&m, 0);
	v = w->run();
	sys_since(&m, &requests, &refused);
	sys_modules_now(&after);
	sys_names_minus(&after, &before, &loaded);
	print_effects(&requests, &loaded, &refused);
	if (w->kind == WL_ATTACK) {
		if (v != HB_PASS)
			ktap_diag("the action could not be tried");
		else if (requests.n || loaded.n)
			v = HB_FAIL; /* the door is open */
		unload(&loaded);
	}
	return v;
}

int main(void)
{
	int level2 = cmdline_has("hb.level2"), failed = 0;
	unsigned planned = 0, num = 0;

	if (!cmdline_has("hb.system")) {
		fprintf(stderr, "hb-system: no hb.system on the kernel command line: this is not "
				"the test system, nothing done\n");
		return 2;
	}
	console = fopen(CONSOLE, "we");
	mkdir("/run/hb-system", 0755);
	if (!freopen(RESULTS_FILE, "w", stdout)) {
		say("cannot write %s: %s", RESULTS_FILE, strerror(errno));
		return 1;
	}
	ktap_init_stdout();
	for (size_t i = 0; i < n_workloads; i++)
		planned += workloads[i].kind != WL_LEVEL2 || level2;
	ktap_header(planned);
	publish();
	for (size_t i = 0; i < n_workloads; i++) {
		const struct workload *w = &workloads[i];

		if (w->kind == WL_LEVEL2 && !level2)
			continue;
		say("%s ...", w->name);
		enum hb_verdict v = run_one(w);

		ktap_result(++num, v, w->name, NULL);
		say("%s %s", v == HB_PASS ? "ok" : "not ok", w->name);
		failed += v == HB_FAIL;
		publish();
	}
	struct sys_names mods;

	/* every module the run loaded and left loaded: what a system of this kind needs */
	sys_modules_now(&mods);
	sys_names_diag("modules_at_end", &mods);
	publish();
	say("%u case(s), %d not ok", num, failed);
	if (console) {
		fprintf(console, "%s\n", DONE_MARKER);
		fflush(console);
	}
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
