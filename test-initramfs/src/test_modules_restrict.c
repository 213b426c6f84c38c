// SPDX-License-Identifier: GPL-2.0-only
/* Suite modules_restrict: kernel.modules_restrict levels 0 and 1.
 * Level 1: a requester without CAP_SYS_MODULE in the initial user namespace (plain
 * unprivileged, root of a user namespace with a network namespace of its own, the root of
 * a container: uid 0 without CAP_SYS_MODULE in a mount and network namespace of its own)
 * cannot make the kernel ask modprobe for a module, neither in its own context nor through
 * a kernel thread working for it (the crypto manager's cryptomgr_probe instantiating a
 * template); root still can, and a netdev- alias still needs only CAP_NET_ADMIN. Each
 * refusal leaves one line in the kernel log, rate-limited. Writing the sysctl needs
 * CAP_SYS_MODULE, and so does writing kernel.modprobe at level 1. The kernel starts at the
 * level of its CONFIG_MODULES_RESTRICT_DEFAULT (or of modules_restrict=N on its command
 * line). Level 2 is in modules_lock. */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "autoload.h"
#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "kmsg.h"
#include "knobs.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modprobe_log.h"
#include "modules_state.h"

enum autoload_kind {
	LEVEL0_UNPRIV,		/* level 0: the trigger works unprivileged */
	LEVEL0_USERNS,		/* level 0: the trigger works from a user ns */
	BLOCKED_UNPRIV,		/* level 1: unprivileged, no request, no load */
	BLOCKED_USERNS,		/* level 1: user ns root, no request, no load */
	BLOCKED_CONTAINER,	/* level 1: a container's root, no request, no load */
	ROOT_ALLOWED,		/* level 1: root's trigger still loads */
	KIND_COUNT
};

struct autoload_case {
	const struct hb_trigger *t;
	enum autoload_kind kind;
};

static const struct {
	const char *name_fmt;
	long level;
	enum hb_who who;
	int expect_load;
} kinds[KIND_COUNT] = {
	[LEVEL0_UNPRIV] = { "modules_restrict_level0_unpriv_autoload_%s", 0, HB_UNPRIV, 1 },
	[LEVEL0_USERNS] = { "modules_restrict_level0_userns_autoload_%s", 0, HB_USERNS, 1 },
	[BLOCKED_UNPRIV] = { "modules_restrict_unpriv_autoload_blocked_%s", 1, HB_UNPRIV, 0 },
	[BLOCKED_USERNS] = { "modules_restrict_userns_autoload_blocked_%s", 1, HB_USERNS, 0 },
	[BLOCKED_CONTAINER] = { "modules_restrict_container_autoload_blocked_%s", 1, HB_CONTAINER,
				0 },
	[ROOT_ALLOWED] = { "modules_restrict_root_autoload_allowed_%s", 1, HB_ROOT, 1 },
};

/* The module used for the explicit root load at level 1. */
#define EXPLICIT_LOAD_TRIGGER "packet"

/* Sets LEVEL for a case. On a kernel without the sysctl, level 0 is what it
 * does anyway, so that is accepted with a note; level 1 is not. */
static int enter_level(long level)
{
	long now;

	if (level == 0 && hb_restrict_get(&now) == -ENOENT) {
		ktap_diag("%s absent: running at the kernel's default behaviour (as level 0)",
			  HB_SYSCTL_MODULES_RESTRICT);
		return 0;
	}
	if (hb_restrict_set(level) < 0) {
		ktap_diag("cannot set modules_restrict=%ld", level);
		return -1;
	}
	return 0;
}

static void leave_level(void)
{
	if (hb_exists(HB_SYSCTL_MODULES_RESTRICT))
		hb_restrict_set(0);
}

/* An allowed trigger made the kernel ask for its module and loaded it (and the second
 * one, unless that one is built in: then the request is what counts; a first module built in
 * skips the case before, builtin_skip()); a blocked one made it ask for nothing at all, and
 * nothing loaded. */
static int verdict_ok(const struct autoload_case *c, const struct hb_autoload_obs *o)
{
	if (kinds[c->kind].expect_load)
		return o->requests_named > 0 && (!c->t->module || o->loaded == 1) &&
		       (!c->t->module2 || o->builtin2 || o->loaded2 == 1);
	return o->loaded == 0 && o->loaded2 == 0 && o->requests_any == 0;
}

/* A trigger whose module is built into this kernel (a distribution's config selects hmac or
 * cbc =y) makes no request at all, allowed or not: the case proves nothing either way, and
 * says so. */
static int builtin_skip(const struct hb_trigger *t)
{
	if (!t->module || !hb_autoload_builtin(t->module))
		return 0;
	ktap_skip_reason("%s is built into this kernel: the trigger has nothing to autoload",
			 t->module);
	return 1;
}

static enum hb_verdict run_autoload_case(const void *arg)
{
	const struct autoload_case *c = arg;
	struct hb_autoload_obs obs;
	enum hb_verdict v = HB_FAIL;

	if (builtin_skip(c->t))
		return HB_SKIP;
	if (hb_autoload_prepare(c->t) < 0)
		return HB_FAIL;
	hb_disabled_check("before autoload case");
	if (hb_autoload_unload(c->t) < 0) {
		ktap_diag("precondition: %s must not be loaded", c->t->module);
		return HB_FAIL;
	}
	if (enter_level(kinds[c->kind].level) < 0)
		return HB_FAIL;
	if (hb_autoload_observe(c->t, kinds[c->kind].who, &obs) == 0 && verdict_ok(c, &obs))
		v = HB_PASS;
	leave_level();
	if (hb_autoload_unload(c->t) < 0)
		v = HB_FAIL;
	hb_disabled_check("after autoload case");
	return v;
}

static enum hb_verdict case_sysctl_present(const void *arg)
{
	long level = -1;
	int rc = hb_restrict_get(&level);

	(void)arg;
	hb_disabled_check("start of suite");
	if (rc < 0) {
		ktap_diag("%s: %s", HB_SYSCTL_MODULES_RESTRICT, hb_errname(-rc));
		return HB_FAIL;
	}
	ktap_diag("modules_restrict = %ld at the start of the suite", level);
	return HB_PASS;
}

/* The N of "modules_restrict=N" on the kernel command line: 0 with *level set, -ENOENT
 * when there is none, -errno when /proc/cmdline cannot be read. */
static int cmdline_level(long *level)
{
	char text[1024];
	int rc = hb_read_file("/proc/cmdline", text, sizeof(text));
	const char *p = text;

	if (rc < 0)
		return rc;
	while ((p = strstr(p, "modules_restrict=")) != NULL) {
		if (p == text || p[-1] == ' ') {
			*level = strtol(p + strlen("modules_restrict="), NULL, 10);
			return 0;
		}
		p++;
	}
	return -ENOENT;
}

/* The level from boot, before any sysctl.conf could set it (autoload and the suites before
 * this one restore the level they found): the test config's CONFIG_MODULES_RESTRICT_DEFAULT
 * when the command line has no modules_restrict=N (the driver gives none), else N. */
static enum hb_verdict case_boot_level(const void *arg)
{
	long want = HB_RESTRICT_KCONFIG_DEFAULT, level = -1;
	int rc = cmdline_level(&want);

	(void)arg;
	if (rc < 0 && rc != -ENOENT) {
		ktap_diag("/proc/cmdline: %s", hb_errname(-rc));
		return HB_FAIL;
	}
	if (rc == -ENOENT)
		ktap_diag("no modules_restrict=N on the kernel command line: the level is the "
			  "kernel's CONFIG_MODULES_RESTRICT_DEFAULT=%d", HB_RESTRICT_KCONFIG_DEFAULT);
	rc = hb_restrict_get(&level);
	ktap_diag("want %ld at boot; sysctl reads %ld", want, level);
	return rc == 0 && level == want ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_sysctl_rw(const void *arg)
{
	(void)arg;
	if (hb_restrict_set(1) < 0 || hb_restrict_set(0) < 0)
		return HB_FAIL;
	return HB_PASS;
}

/* Writes ARG ("1\n") to the sysctl: 0 or the errno, for hb_run_as(). */
static int write_level(const void *arg)
{
	int rc = hb_write_str(HB_SYSCTL_MODULES_RESTRICT, arg);

	return rc < 0 ? -rc : 0;
}

static enum hb_verdict case_unpriv_write_denied(const void *arg)
{
	long level = -1;
	int rc;

	(void)arg;
	if (!hb_exists(HB_SYSCTL_MODULES_RESTRICT)) {
		ktap_diag("%s absent", HB_SYSCTL_MODULES_RESTRICT);
		return HB_FAIL;
	}
	rc = hb_run_as(HB_UNPRIV, write_level, "1\n", 10);
	ktap_diag("unprivileged write of 1 -> %s", hb_rc_name(rc));
	if (hb_restrict_get(&level) < 0 || level != 0) {
		ktap_diag("level is %ld afterwards", level);
		leave_level();
		return HB_FAIL;
	}
	return (rc == EACCES || rc == EPERM) ? HB_PASS : HB_FAIL;
}

/* Root that dropped CAP_SYS_MODULE still owns the sysctl file: the handler itself must
 * refuse it, or such a process lowers 1 to 0 and loads what it likes. */
static enum hb_verdict case_capdrop_write_denied(const void *arg)
{
	long level = -1;
	int rc;

	(void)arg;
	if (enter_level(1) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_ROOT_NOCAP, write_level, "0\n", 10);
	ktap_diag("write of 0 as root without CAP_SYS_MODULE -> %s", hb_rc_name(rc));
	if (hb_restrict_get(&level) < 0 || level != 1)
		ktap_diag("level is %ld afterwards, expected 1", level);
	leave_level();
	return rc == EPERM && level == 1 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_root_explicit_load(const void *arg)
{
	const struct hb_trigger *t = hb_trigger_find(EXPLICIT_LOAD_TRIGGER);
	struct mod_db db;
	int rc, loaded;

	(void)arg;
	if (hb_autoload_unload(t) < 0 || enter_level(1) < 0)
		return HB_FAIL;
	rc = mod_db_open(&db, NULL, NULL);
	if (rc == 0)
		rc = mod_load_with_deps(&db, t->module, NULL);
	loaded = mod_is_loaded(t->module);
	ktap_diag("root finit_module(%s) at level 1 -> %s; loaded %d", t->module,
		  hb_errname(-rc), loaded);
	leave_level();
	if (hb_autoload_unload(t) < 0)
		return HB_FAIL;
	return rc == 0 && loaded == 1 ? HB_PASS : HB_FAIL;
}

/* Root's template autoloads keep working at level 1: the crypto manager's thread acts with
 * root's credentials, asks for the template and the hash inside it, and the bind works. */
static enum hb_verdict case_root_template_binds(const void *arg)
{
	const struct hb_trigger *t = hb_trigger_find("hmac_sha256");
	struct hb_autoload_obs obs;
	enum hb_verdict v = HB_FAIL;

	(void)arg;
	if (builtin_skip(t))
		return HB_SKIP;
	if (hb_autoload_unload(t) < 0 || enter_level(1) < 0)
		return HB_FAIL;
	if (hb_autoload_observe(t, HB_ROOT, &obs) == 0 && obs.rc == 0 &&
	    obs.loaded == 1 && (obs.builtin2 || obs.loaded2 == 1) &&
	    obs.requests_named > 0)
		v = HB_PASS;
	leave_level();
	if (hb_autoload_unload(t) < 0)
		v = HB_FAIL;
	return v;
}

/* What write_knob() writes where. */
struct knob_write {
	const char *path;
	const char *value;
};

/* Writes a knob_write: 0 or the errno, for hb_run_as(). */
static int write_knob(const void *arg)
{
	const struct knob_write *w = arg;
	int rc = hb_write_str(w->path, w->value);

	return rc < 0 ? -rc : 0;
}

/* A knob (knobs.h) names a program the kernel runs as full root: at level 1 a container's
 * root must not name its own, WHO's write of VALUE must fail with EPERM and leave the
 * value; root (the control) writes it (its own value, VALUE NULL) and it reads back. A
 * value that changed is put back. */
static enum hb_verdict knob_write_at_1(const struct hb_knob *k, enum hb_who who,
				       const char *value, int want)
{
	char before[256], after[256];
	struct knob_write w = { k->path, NULL };
	int rc, same;

	rc = hb_read_file(k->path, before, sizeof(before));
	if (rc < 0) {
		ktap_diag("%s: %s", k->path, hb_errname(-rc));
		return HB_FAIL;
	}
	if (enter_level(1) < 0)
		return HB_FAIL;
	w.value = value ? value : before;
	rc = hb_run_as(who, write_knob, &w, 10);
	hb_read_file(k->path, after, sizeof(after));
	same = strcmp(before, after) == 0;
	ktap_diag("write of %.*s to %s as %s at level 1 -> %s; it reads %.*s",
		  (int)strcspn(value ? value : "its own value", "\n"),
		  value ? value : "its own value", k->path, hb_who_name(who), hb_rc_name(rc),
		  (int)strcspn(after, "\n"), after);
	if (!same && hb_write_str(k->path, before) < 0)
		ktap_diag("cannot put %s back", k->path);
	leave_level();
	return rc == want && same ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_container_knob_denied(const void *arg)
{
	const struct hb_knob *k = arg;

	return knob_write_at_1(k, HB_CONTAINER, k->foreign, EPERM);
}

static enum hb_verdict case_root_knob_allowed(const void *arg)
{
	return knob_write_at_1(arg, HB_ROOT, NULL, 0);
}

#define NETDEV_NAME "hbzz0"

/* SIOCGIFFLAGS of a device nobody has: dev_load() asks for "netdev-hbzz0" when the caller
 * holds CAP_NET_ADMIN (and for "hbzz0" only with CAP_SYS_MODULE). 0 once the kernel says
 * there is no such device. */
static int fire_netdev(const void *arg)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), rc;

	(void)arg;
	if (fd < 0)
		return errno;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", NETDEV_NAME);
	rc = ioctl(fd, SIOCGIFFLAGS, &ifr) < 0 ? errno : 0;
	close(fd);
	return rc == ENODEV ? 0 : rc ? rc : EEXIST;
}

/* A container's root keeps CAP_NET_ADMIN: at level 1 its netdev- request still reaches
 * modprobe (the rule dev_load() follows upstream), the bare name does not. */
static enum hb_verdict case_container_netdev_allowed(const void *arg)
{
	off_t mark = modlog_mark();
	int rc, netdev, bare;

	(void)arg;
	if (enter_level(1) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_CONTAINER, fire_netdev, NULL, 30);
	netdev = modlog_requests_since(mark, "netdev-" NETDEV_NAME, 1);
	bare = modlog_requests_since(mark, NETDEV_NAME, 1);
	ktap_diag("SIOCGIFFLAGS %s as container at level 1 -> %s; netdev-%s asked %d time(s), %s "
		  "%d", NETDEV_NAME, hb_rc_name(rc), NETDEV_NAME, netdev, NETDEV_NAME, bare);
	leave_level();
	return rc == 0 && netdev > 0 && bare == 0 ? HB_PASS : HB_FAIL;
}

/* The kernel's rate limit of the refusal line: 10 lines every 5 s (printk_ratelimited's
 * defaults, DEFAULT_RATELIMIT_BURST and _INTERVAL). */
#define LOG_BURST 10
#define LOG_INTERVAL_US 5000000LL
#define REFUSED "modules_restrict: refused autoload of "

/* Waits until the rate limit of the refusal line starts afresh: LOG_INTERVAL_US after the
 * newest refusal line (the suites before this one made many). */
static void wait_log_window(void)
{
	long long age;

	if (hb_kmsg_age_us(REFUSED, &age) == 0 && age < LOG_INTERVAL_US + 200000) {
		ktap_diag("last refusal line %lld ms ago: waiting for the rate limit's window",
			  age / 1000);
		usleep((useconds_t)(LOG_INTERVAL_US + 200000 - age));
	}
}

/* One refused request leaves exactly one line in the kernel log, naming the alias asked
 * for, the requester's comm and pid, its uid and the level. */
static enum hb_verdict case_refusal_logged(const void *arg)
{
	const struct hb_trigger *t = hb_trigger_find("packet");
	char comm[32] = "", who[64];
	struct hb_autoload_obs obs;
	int fd, lines;

	(void)arg;
	if (hb_read_file("/proc/self/comm", comm, sizeof(comm)) < 0 ||
	    hb_autoload_unload(t) < 0 || enter_level(1) < 0)
		return HB_FAIL;
	comm[strcspn(comm, "\n")] = '\0';
	snprintf(who, sizeof(who), " for %s[", comm);
	wait_log_window();
	fd = hb_kmsg_mark();
	if (fd < 0) {
		ktap_diag("%s: %s", HB_KMSG, hb_errname(-fd));
		leave_level();
		return HB_FAIL;
	}
	hb_autoload_observe(t, HB_UNPRIV, &obs);
	const char *const texts[] = { REFUSED, t->request, who, "uid 65534 (level 1)", NULL };
	lines = hb_kmsg_count(fd, texts, 5);
	close(fd);
	leave_level();
	ktap_diag("%d line(s) of the kernel log name the refusal of %s for %s, uid 65534", lines,
		  t->request, comm);
	return lines == 1 && obs.requests_any == 0 ? HB_PASS : HB_FAIL;
}

/* Creates PATH (mode 0644, truncated) with TEXT: 0 or -errno. */
static int create_file(const char *path, const char *text)
{
	int rc = 0, fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		return -errno;
	if (write(fd, text, strlen(text)) < 0)
		rc = -errno;
	close(fd);
	return rc;
}

#define REQUESTER_COMM "hb-requester"
#define REQUESTER_PID_FILE "/tmp/hb-requester.pid"

/* As REQUESTER_COMM, its pid in REQUESTER_PID_FILE, binds hash hbzz(md4): the caller's
 * context asks for "crypto-hbzz(md4)", the crypto manager's thread cryptomgr_probe for
 * "crypto-hbzz", acting for the caller. */
static int bind_as_requester(const void *arg)
{
	char pid[16];

	(void)arg;
	prctl(PR_SET_NAME, REQUESTER_COMM, 0, 0, 0);
	snprintf(pid, sizeof(pid), "%d\n", (int)getpid());
	if (create_file(REQUESTER_PID_FILE, pid) < 0)
		return HB_RC_EMPTY;
	return hb_alg_bind("hash", "hbzz(md4)");
}

/* Opens N marks of /dev/kmsg (each reads the records after it once) at level 1, after the
 * rate limit's window passed: 0, or -1 with the level left. */
static int marks_at_1(int *fds, int n)
{
	if (enter_level(1) < 0)
		return -1;
	wait_log_window();
	for (int i = 0; i < n; i++) {
		fds[i] = hb_kmsg_mark();
		if (fds[i] < 0) {
			ktap_diag("%s: %s", HB_KMSG, hb_errname(-fds[i]));
			while (i--)
				close(fds[i]);
			leave_level();
			return -1;
		}
	}
	return 0;
}

/* The refusal of what a kernel thread asks for a task names that task: "crypto-hbzz",
 * asked by cryptomgr_probe for the unprivileged REQUESTER_COMM, is logged "for
 * hb-requester[PID] uid 65534 (level 1)", with the requester's pid, not the thread's. */
static enum hb_verdict case_refusal_names_requester(const void *arg)
{
	char who[96], pid[16] = "";
	const char *const named[] = { REFUSED "crypto-hbzz for ", who, NULL };
	const char *const any[] = { REFUSED "crypto-hbzz for ", NULL };
	int fds[2], n_named, n_any, rc;

	(void)arg;
	unlink(REQUESTER_PID_FILE);
	if (marks_at_1(fds, 2) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_UNPRIV, bind_as_requester, NULL, 30);
	leave_level();
	hb_read_file(REQUESTER_PID_FILE, pid, sizeof(pid));
	pid[strcspn(pid, "\n")] = '\0';
	snprintf(who, sizeof(who), " for %s[%s] uid 65534 (level 1)", REQUESTER_COMM, pid);
	n_any = hb_kmsg_count(fds[1], any, 5);
	n_named = hb_kmsg_count(fds[0], named, 0);
	close(fds[0]);
	close(fds[1]);
	ktap_diag("bind hash hbzz(md4) as %s[%s] at level 1 -> %s; refusals of crypto-hbzz "
		  "logged: %d, naming%s: %d", REQUESTER_COMM, pid, hb_rc_name(rc), n_any, who,
		  n_named);
	return *pid && n_any >= 1 && n_named == n_any ? HB_PASS : HB_FAIL;
}

/* A user chooses the alias: AF_ALG's bind asks for "algif-TYPE" with the socket's
 * salg_type. A newline in it must not start a line of the log's own: the refusal line
 * carries it escaped ("\n", which /dev/kmsg shows as \x5cn), never as the raw byte
 * (\x0a). */
static int bind_newline_type(const void *arg)
{
	(void)arg;
	return hb_alg_bind("hb\nforged", "x");
}

static enum hb_verdict case_refusal_alias_escaped(const void *arg)
{
	const char *const raw[] = { REFUSED "algif-hb\\x0aforged", NULL };
	const char *const escaped[] = { REFUSED "algif-hb\\x5cnforged for ", NULL };
	int fds[2], n_raw, n_escaped, rc;

	(void)arg;
	if (marks_at_1(fds, 2) < 0)
		return HB_FAIL;
	rc = hb_run_as(HB_UNPRIV, bind_newline_type, NULL, 30);
	leave_level();
	n_raw = hb_kmsg_count(fds[0], raw, 5);
	n_escaped = hb_kmsg_count(fds[1], escaped, 5);
	close(fds[0]);
	close(fds[1]);
	ktap_diag("bind of salg_type \"hb\\nforged\" as unpriv at level 1 -> %s; refusal lines "
		  "with the newline escaped: %d, raw: %d", hb_rc_name(rc), n_escaped, n_raw);
	return n_raw == 0 && n_escaped == 1 ? HB_PASS : HB_FAIL;
}

#define RACE_ROUNDS 24
#define RACE_STOP "/tmp/hb-race-stop"

/* The unprivileged side of the race: binds hash hmac(sha256) until RACE_STOP exists. At
 * level 1 each bind's autoloads are refused, and each leaves a larval of hmac(sha256) for
 * the time of its refused probe. Returns 0 (the binds' own results do not matter). */
static int bind_until_stopped(const void *arg)
{
	(void)arg;
	while (access(RACE_STOP, F_OK) < 0)
		hb_alg_bind("hash", "hmac(sha256)");
	return 0;
}

static int bind_hmac_sha256(const void *arg)
{
	(void)arg;
	return hb_alg_bind("hash", "hmac(sha256)");
}

/* Root's request does not depend on a user's refusal: while an unprivileged user binds hash
 * hmac(sha256) in a loop (its probes refused, their larvals failing), root binds the same
 * name RACE_ROUNDS times, its modules unloaded before each: every bind works. A root that
 * waited on a user's larval took its -ENOENT. */
static enum hb_verdict case_root_template_despite_refusals(const void *arg)
{
	const struct hb_trigger *t = hb_trigger_find("hmac_sha256");
	int failed = 0, rounds = 0, status = 0;
	pid_t user;

	(void)arg;
	if (builtin_skip(t))
		return HB_SKIP;
	unlink(RACE_STOP);
	if (hb_autoload_unload(t) < 0 || enter_level(1) < 0)
		return HB_FAIL;
	user = fork();
	if (user == 0) {
		setpgid(0, 0);
		_exit(hb_run_as(HB_UNPRIV, bind_until_stopped, NULL, 120));
	}
	for (; user > 0 && rounds < RACE_ROUNDS; rounds++) {
		int rc = hb_run_as(HB_ROOT, bind_hmac_sha256, NULL, 60);

		if (rc) {
			failed++;
			ktap_diag("round %d: root's bind of hash hmac(sha256) -> %s", rounds + 1,
				  hb_rc_name(rc));
		}
		if (hb_autoload_unload(t) < 0) {
			failed++;
			break;
		}
	}
	if (create_file(RACE_STOP, "stop\n") < 0)
		ktap_diag("%s: %s", RACE_STOP, hb_errname(errno));
	/* the user's loop ends at its next bind; a loop stuck in the kernel is killed */
	for (int i = 0; user > 0 && i < 300 && waitpid(user, &status, WNOHANG) == 0; i++)
		usleep(100000);
	if (user > 0 && waitpid(user, &status, WNOHANG) == 0) {
		ktap_diag("the user's loop did not end: killed");
		kill(-user, SIGKILL);
		waitpid(user, &status, 0);
	}
	leave_level();
	unlink(RACE_STOP);
	ktap_diag("%d round(s) of root's bind while a user's refused binds ran: %d failed; the "
		  "user's loop %s", rounds, failed,
		  user > 0 && WIFEXITED(status) && !WEXITSTATUS(status) ? "ended" : "failed");
	if (hb_autoload_unload(t) < 0)
		failed++;
	return user > 0 && rounds == RACE_ROUNDS && !failed && WIFEXITED(status) &&
			       !WEXITSTATUS(status)
		       ? HB_PASS
		       : HB_FAIL;
}

#define FLOOD_REQUESTS 1000

static int flood_packet(const void *arg)
{
	(void)arg;
	for (int i = 0; i < FLOOD_REQUESTS; i++) {
		int fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);

		if (fd >= 0) {
			close(fd);
			return EEXIST;
		}
	}
	return 0;
}

/* A thousand refused requests in a loop leave at most LOG_BURST lines per LOG_INTERVAL_US
 * of the loop, and at least one: the log stays readable, and says what happened. */
static enum hb_verdict case_refusals_rate_limited(const void *arg)
{
	const char *const texts[] = { REFUSED, NULL };
	off_t mark = modlog_mark();
	struct timespec t0, t1;
	long long us;
	int fd, rc, lines, bound, requests;

	(void)arg;
	if (enter_level(1) < 0)
		return HB_FAIL;
	fd = hb_kmsg_mark();
	if (fd < 0) {
		ktap_diag("%s: %s", HB_KMSG, hb_errname(-fd));
		leave_level();
		return HB_FAIL;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = hb_run_as(HB_UNPRIV, flood_packet, NULL, 120);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	lines = hb_kmsg_count(fd, texts, 0);
	close(fd);
	leave_level();
	requests = modlog_requests_since(mark, NULL, 0);
	us = (t1.tv_sec - t0.tv_sec) * 1000000LL + (t1.tv_nsec - t0.tv_nsec) / 1000;
	bound = LOG_BURST * (int)(us / LOG_INTERVAL_US + 1);
	ktap_diag("%d refused requests in %lld ms -> %d line(s) in the kernel log (at most %d: %d "
		  "every %lld s); modprobe asked %d time(s); %s", FLOOD_REQUESTS, us / 1000, lines,
		  bound, LOG_BURST, LOG_INTERVAL_US / 1000000, requests, hb_rc_name(rc));
	return rc == 0 && requests == 0 && lines >= 1 && lines <= bound ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_restored(const void *arg)
{
	long level = -1;

	(void)arg;
	if (hb_restrict_get(&level) < 0 || level != 0) {
		ktap_diag("modules_restrict = %ld at the end, expected 0", level);
		return HB_FAIL;
	}
	return HB_PASS;
}

static enum hb_verdict case_disabled_unchanged(const void *arg)
{
	(void)arg;
	hb_disabled_check("end of suite");
	return hb_disabled_ever_bad() ? HB_FAIL : HB_PASS;
}

#define MAX_CASES 96

static void add_case(struct hb_case *cases, size_t *n, const char *name,
		     enum hb_verdict (*run)(const void *), const void *arg)
{
	if (*n >= MAX_CASES) {
		printf("Bail out! more than %d cases: raise MAX_CASES\n", MAX_CASES);
		exit(1);
	}
	snprintf(cases[*n].name, sizeof(cases[*n].name), "%s", name);
	cases[*n].run = run;
	cases[*n].arg = arg;
	(*n)++;
}

int main(int argc, char **argv)
{
	static struct autoload_case autoload[MAX_CASES];
	static struct hb_case cases[MAX_CASES];
	size_t n = 0, na = 0;

	add_case(cases, &n, "modules_restrict_sysctl_present", case_sysctl_present, NULL);
	add_case(cases, &n, "modules_restrict_boot_level", case_boot_level, NULL);
	add_case(cases, &n, "modules_restrict_sysctl_rw", case_sysctl_rw, NULL);
	add_case(cases, &n, "modules_restrict_unpriv_write_denied", case_unpriv_write_denied, NULL);
	add_case(cases, &n, "modules_restrict_capdrop_write_denied", case_capdrop_write_denied,
		 NULL);
	for (size_t i = 0; i < hb_n_triggers; i++) {
		for (int k = 0; k < KIND_COUNT; k++) {
			char name[96];

			if (hb_triggers[i].needs_userns && kinds[k].who == HB_UNPRIV)
				continue;
			autoload[na] = (struct autoload_case){ &hb_triggers[i], (enum autoload_kind)k };
			snprintf(name, sizeof(name), kinds[k].name_fmt, hb_triggers[i].key);
			add_case(cases, &n, name, run_autoload_case, &autoload[na]);
			na++;
		}
	}
	add_case(cases, &n, "modules_restrict_root_finit_allowed", case_root_explicit_load, NULL);
	add_case(cases, &n, "modules_restrict_root_template_binds", case_root_template_binds, NULL);
	add_case(cases, &n, "modules_restrict_container_netdev_allowed",
		 case_container_netdev_allowed, NULL);
	for (size_t i = 0; i < hb_n_knobs; i++) {
		char name[96];

		snprintf(name, sizeof(name), "modules_restrict_container_%s_write_denied",
			 hb_knobs[i].key);
		add_case(cases, &n, name, case_container_knob_denied, &hb_knobs[i]);
		snprintf(name, sizeof(name), "modules_restrict_root_%s_write_allowed",
			 hb_knobs[i].key);
		add_case(cases, &n, name, case_root_knob_allowed, &hb_knobs[i]);
	}
	add_case(cases, &n, "modules_restrict_root_template_despite_refused_users",
		 case_root_template_despite_refusals, NULL);
	add_case(cases, &n, "modules_restrict_refusal_logged_once", case_refusal_logged, NULL);
	add_case(cases, &n, "modules_restrict_refusal_names_thread_requester",
		 case_refusal_names_requester, NULL);
	add_case(cases, &n, "modules_restrict_refusal_alias_escaped", case_refusal_alias_escaped,
		 NULL);
	add_case(cases, &n, "modules_restrict_refusals_rate_limited", case_refusals_rate_limited,
		 NULL);
	add_case(cases, &n, "modules_restrict_restored_0", case_restored, NULL);
	add_case(cases, &n, "modules_restrict_modules_disabled_stays_0", case_disabled_unchanged, NULL);
	return ktap_suite_main(argc, argv, cases, n);
}
