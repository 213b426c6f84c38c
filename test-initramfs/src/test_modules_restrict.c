// SPDX-License-Identifier: GPL-2.0-only
/* Suite modules_restrict: kernel.modules_restrict levels 0 and 1.
 * Level 1: a user that is not root of the initial user namespace (plain
 * unprivileged, or root of a user namespace with a network namespace of its
 * own) cannot make the kernel ask modprobe for a module, neither in its own
 * context nor through a kernel thread working for it (the crypto manager's
 * cryptomgr_probe instantiating a template); root still can. Writing the
 * sysctl needs CAP_SYS_MODULE. The level at boot is the one the kernel
 * command line's modules_restrict=N gave. Level 2 is in modules_lock. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autoload.h"
#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modules_state.h"

enum autoload_kind {
	LEVEL0_UNPRIV,		/* level 0: the trigger works unprivileged */
	LEVEL0_USERNS,		/* level 0: the trigger works from a user ns */
	BLOCKED_UNPRIV,		/* level 1: unprivileged, no request, no load */
	BLOCKED_USERNS,		/* level 1: user ns root, no request, no load */
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
 * one); a blocked one made it ask for nothing at all, and nothing loaded. */
static int verdict_ok(const struct autoload_case *c, const struct hb_autoload_obs *o)
{
	if (kinds[c->kind].expect_load)
		return o->requests_named > 0 && (!c->t->module || o->loaded == 1) &&
		       (!c->t->module2 || o->loaded2 == 1);
	return o->loaded == 0 && o->loaded2 == 0 && o->requests_any == 0;
}

static enum hb_verdict run_autoload_case(const void *arg)
{
	const struct autoload_case *c = arg;
	struct hb_autoload_obs obs;
	enum hb_verdict v = HB_FAIL;

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

/* The driver boots the guest with modules_restrict=1: the value must hold from boot,
 * before any sysctl.conf could set it (autoload and the suites before this one restore
 * the level they found). */
static enum hb_verdict case_boot_param(const void *arg)
{
	long want = -1, level = -1;
	int rc = cmdline_level(&want);

	(void)arg;
	if (rc < 0) {
		ktap_diag("no modules_restrict=N on the kernel command line (%s): nothing to check",
			  hb_errname(-rc));
		return HB_FAIL;
	}
	rc = hb_restrict_get(&level);
	ktap_diag("kernel command line modules_restrict=%ld; sysctl reads %ld", want, level);
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
	if (hb_autoload_unload(t) < 0 || enter_level(1) < 0)
		return HB_FAIL;
	if (hb_autoload_observe(t, HB_ROOT, &obs) == 0 && obs.rc == 0 && obs.loaded == 1 &&
	    obs.loaded2 == 1 && obs.requests_named > 0)
		v = HB_PASS;
	leave_level();
	if (hb_autoload_unload(t) < 0)
		v = HB_FAIL;
	return v;
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

#define MAX_CASES 64

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
	add_case(cases, &n, "modules_restrict_boot_param", case_boot_param, NULL);
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
	add_case(cases, &n, "modules_restrict_restored_0", case_restored, NULL);
	add_case(cases, &n, "modules_restrict_modules_disabled_stays_0", case_disabled_unchanged, NULL);
	return ktap_suite_main(argc, argv, cases, n);
}
