// SPDX-License-Identifier: GPL-2.0-only
/* Suite modules_lock: kernel.modules_restrict=2. Irreversible until reboot,
 * so /init runs it last (or alone: hb.only=modules_lock).
 * Level 2: nobody, root included, can init_module, finit_module or
 * delete_module (EPERM); nobody can make the kernel ask modprobe for a module
 * (the log stays empty: finit_module fails at level 2 anyway, so "not loaded"
 * alone proves nothing); the value can no longer be lowered (EPERM), writing 2
 * again succeeds, and writers of 0 racing the write of 2 cannot undo it;
 * kernel.modprobe can no longer change.
 * kernel.modules_disabled must stay 0 throughout. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "autoload.h"
#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "knobs.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modules_state.h"

/* Loaded before the lock, for delete_module under the lock. */
#define KEPT_TRIGGER "ldisc"
/* Not loaded, for init/finit_module and autoload under the lock. */
#define ABSENT_TRIGGER "packet"

struct lock_state {
	struct mod_db db;
	int db_ok;
	int locked;		/* level 2 was set and read back */
};

static struct lock_state st;

static int need_lock(void)
{
	if (!st.locked)
		ktap_diag("modules_restrict=2 is not in effect");
	return st.locked;
}

static int module_path(const char *name, char *path, size_t len)
{
	struct mod_dep dep;
	int rc = st.db_ok ? mod_db_dep(&st.db, name, &dep) : -ENOENT;

	if (rc < 0) {
		ktap_diag("no modules.dep entry for %s: %s", name, hb_errname(-rc));
		return rc;
	}
	snprintf(path, len, "%s", dep.path);
	return 0;
}

static enum hb_verdict case_precondition(const void *arg)
{
	long level = -1;
	int rc;

	(void)arg;
	hb_disabled_check("start of suite");
	st.db_ok = mod_db_open(&st.db, NULL, NULL) == 0;
	if (!st.db_ok)
		ktap_diag("cannot open modules.dep under %s", st.db.dir);
	rc = hb_restrict_get(&level);
	if (rc < 0) {
		ktap_diag("%s: %s", HB_SYSCTL_MODULES_RESTRICT, hb_errname(-rc));
		return HB_FAIL;
	}
	/* Run alone, the suite starts at the boot level (1: the test config's
	 * CONFIG_MODULES_RESTRICT_DEFAULT); it needs 0 to load a module before the lock. */
	if (level == 1 && hb_restrict_set(0) == 0)
		level = 0;
	if (level != 0)
		ktap_diag("modules_restrict = %ld at start, expected 0", level);
	return st.db_ok && level == 0 && !hb_disabled_ever_bad() ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_load_before_lock(const void *arg)
{
	const struct hb_trigger *kept = hb_trigger_find(KEPT_TRIGGER);
	const struct hb_trigger *absent = hb_trigger_find(ABSENT_TRIGGER);
	int rc;

	(void)arg;
	if (!st.db_ok || hb_autoload_unload(absent) < 0)
		return HB_FAIL;
	rc = mod_load_with_deps(&st.db, kept->module, NULL);
	ktap_diag("finit_module(%s) at level 0 -> %s", kept->module, hb_errname(-rc));
	hb_disabled_check("after load before lock");
	return rc == 0 && mod_is_loaded(kept->module) == 1 ? HB_PASS : HB_FAIL;
}

/* The race: writers of 0 in a loop while another process sets 2 and writes 2 again
 * and again. A handler that checks for 2 and then stores without a lock lets a write of
 * 0 that passed the check before 2 was stored land after it. */
#define RACE_WRITERS 3
#define RACE_MS 1500
#define RACE_TAIL_MS 300

struct race_shared {
	volatile int locked;		/* the first write of 2 has returned */
	volatile int stop;
	volatile long zero_writes_after_lock;	/* attempts begun after it */
	volatile long zero_writes_succeeded;	/* of those, writes that succeeded */
};

static long ms_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int write_at0(int fd, const char *text, size_t len)
{
	return pwrite(fd, text, len, 0) == (ssize_t)len ? 0 : -errno;
}

static void zero_writer(struct race_shared *sh)
{
	int fd = open(HB_SYSCTL_MODULES_RESTRICT, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		_exit(1);
	while (!sh->stop) {
		int after = sh->locked;
		int rc = write_at0(fd, "0\n", 2);

		if (after) {
			__atomic_add_fetch(&sh->zero_writes_after_lock, 1, __ATOMIC_RELAXED);
			if (rc == 0)
				__atomic_add_fetch(&sh->zero_writes_succeeded, 1, __ATOMIC_RELAXED);
		}
	}
	close(fd);
	_exit(0);
}

static enum hb_verdict case_set_level2_racing(const void *arg)
{
	struct race_shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
				      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pids[RACE_WRITERS];
	long twos = 0, twos_failed = 0, level = -1;
	int fd, first = -1, n = 0;

	(void)arg;
	if (sh == MAP_FAILED)
		return HB_FAIL;
	fflush(stdout);
	for (; n < RACE_WRITERS; n++) {
		pids[n] = fork();
		if (pids[n] == 0)
			zero_writer(sh);
		if (pids[n] < 0)
			break;
	}
	fd = open(HB_SYSCTL_MODULES_RESTRICT, O_WRONLY | O_CLOEXEC);
	usleep(100 * 1000);	/* the writers are in their loops */
	if (fd >= 0) {
		first = write_at0(fd, "2\n", 2);
		sh->locked = first == 0;
		for (long end = ms_now() + RACE_MS; first == 0 && ms_now() < end; twos++)
			if (write_at0(fd, "2\n", 2) < 0)
				twos_failed++;
		close(fd);
	}
	usleep(RACE_TAIL_MS * 1000);
	sh->stop = 1;
	for (int i = 0; i < n; i++)
		waitpid(pids[i], NULL, 0);
	st.locked = first == 0 && hb_restrict_get(&level) == 0 && level == 2;
	ktap_diag("%d writers of 0; first write of 2 -> %s; %ld writes of 2 again, %ld failed; "
		  "%ld writes of 0 begun after it, %ld succeeded; modules_restrict = %ld at the end",
		  n, hb_errname(-first), twos, twos_failed, sh->zero_writes_after_lock,
		  sh->zero_writes_succeeded, level);
	enum hb_verdict v = st.locked && n == RACE_WRITERS && twos > 0 && twos_failed == 0 &&
			    sh->zero_writes_after_lock > 0 && sh->zero_writes_succeeded == 0
			    ? HB_PASS : HB_FAIL;
	munmap(sh, sizeof(*sh));
	hb_disabled_check("after setting level 2");
	return v;
}

static enum hb_verdict case_write_2_again(const void *arg)
{
	int rc;

	(void)arg;
	if (!need_lock())
		return HB_FAIL;
	rc = hb_write_str(HB_SYSCTL_MODULES_RESTRICT, "2\n");
	ktap_diag("write 2 to modules_restrict at 2 -> %s", hb_errname(-rc));
	return rc == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_finit_eperm(const void *arg)
{
	const struct hb_trigger *absent = hb_trigger_find(ABSENT_TRIGGER);
	char path[HB_MOD_PATH_MAX];
	int rc;

	(void)arg;
	if (!need_lock() || module_path(absent->module, path, sizeof(path)) < 0)
		return HB_FAIL;
	rc = mod_finit(path);
	ktap_diag("finit_module(%s) -> %s", path, hb_errname(-rc));
	hb_disabled_check("after finit_module");
	return rc == -EPERM && mod_is_loaded(absent->module) == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_init_eperm(const void *arg)
{
	const struct hb_trigger *absent = hb_trigger_find(ABSENT_TRIGGER);
	char path[HB_MOD_PATH_MAX];
	int rc;

	(void)arg;
	if (!need_lock() || module_path(absent->module, path, sizeof(path)) < 0)
		return HB_FAIL;
	rc = mod_init_from_memory(path);
	ktap_diag("init_module(%s) -> %s", path, hb_errname(-rc));
	hb_disabled_check("after init_module");
	return rc == -EPERM && mod_is_loaded(absent->module) == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_delete_eperm(const void *arg)
{
	const struct hb_trigger *kept = hb_trigger_find(KEPT_TRIGGER);
	int rc;

	(void)arg;
	if (!need_lock())
		return HB_FAIL;
	if (mod_is_loaded(kept->module) != 1) {
		ktap_diag("%s is not loaded", kept->module);
		return HB_FAIL;
	}
	rc = mod_delete(kept->module, 0);
	ktap_diag("delete_module(%s) -> %s", kept->module, hb_errname(-rc));
	hb_disabled_check("after delete_module");
	return rc == -EPERM && mod_is_loaded(kept->module) == 1 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_sysctl_write_eperm(const void *arg)
{
	static const char *const values[] = { "0\n", "1\n" };
	enum hb_verdict v = HB_PASS;
	long level = -1;

	(void)arg;
	if (!need_lock())
		return HB_FAIL;
	for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		int rc = hb_write_str(HB_SYSCTL_MODULES_RESTRICT, values[i]);

		ktap_diag("write %c to modules_restrict -> %s", values[i][0], hb_errname(-rc));
		if (rc != -EPERM)
			v = HB_FAIL;
	}
	if (hb_restrict_get(&level) < 0 || level != 2) {
		ktap_diag("modules_restrict = %ld afterwards, expected 2", level);
		v = HB_FAIL;
	}
	hb_disabled_check("after sysctl writes");
	return v;
}

/* A program the kernel runs as full root (knobs.h) can no longer change under the lock, not
 * even for root: writing its own value back fails with EPERM. */
static enum hb_verdict case_knob_write_eperm(const void *arg)
{
	const struct hb_knob *k = arg;
	char before[256], after[256];
	int rc;

	if (!need_lock())
		return HB_FAIL;
	rc = hb_read_file(k->path, before, sizeof(before));
	if (rc < 0) {
		ktap_diag("%s: %s", k->path, hb_errname(-rc));
		return HB_FAIL;
	}
	rc = hb_write_str(k->path, before);
	hb_read_file(k->path, after, sizeof(after));
	ktap_diag("root's write of %s's own value -> %s", k->path, hb_errname(-rc));
	return rc == -EPERM && strcmp(before, after) == 0 ? HB_PASS : HB_FAIL;
}

/* Under the lock, a trigger fired by WHO makes the kernel ask for nothing at all (no root
 * modprobe started for nothing) and loads nothing. */
struct locked_autoload {
	const char *trigger;
	enum hb_who who;
};

static enum hb_verdict case_autoload_nothing_asked(const void *arg)
{
	const struct locked_autoload *la = arg;
	const struct hb_trigger *t = hb_trigger_find(la->trigger);
	struct hb_autoload_obs obs;

	if (!need_lock())
		return HB_FAIL;
	if (hb_autoload_observe(t, la->who, &obs) < 0)
		return HB_FAIL;
	hb_disabled_check("after autoload trigger");
	return obs.requests_any == 0 && obs.loaded == 0 && obs.loaded2 == 0 ? HB_PASS : HB_FAIL;
}

static const struct locked_autoload locked_autoloads[] = {
	{ ABSENT_TRIGGER, HB_UNPRIV }, { ABSENT_TRIGGER, HB_ROOT },
	{ "hmac", HB_UNPRIV },         { "hmac", HB_ROOT },
	{ "tmpl_missing", HB_UNPRIV }, { "tmpl_missing", HB_ROOT },
	{ ABSENT_TRIGGER, HB_CONTAINER },
};

static enum hb_verdict case_disabled_unchanged(const void *arg)
{
	(void)arg;
	hb_disabled_check("end of suite");
	return hb_disabled_ever_bad() ? HB_FAIL : HB_PASS;
}

static const struct hb_case cases[] = {
	{ "modules_lock_precondition", case_precondition, NULL },
	{ "modules_lock_load_before_lock", case_load_before_lock, NULL },
	{ "modules_lock_set_level2_racing_writers_of_0", case_set_level2_racing, NULL },
	{ "modules_lock_sysctl_write_2_again_ok", case_write_2_again, NULL },
	{ "modules_lock_finit_module_eperm", case_finit_eperm, NULL },
	{ "modules_lock_init_module_eperm", case_init_eperm, NULL },
	{ "modules_lock_delete_module_eperm", case_delete_eperm, NULL },
	{ "modules_lock_sysctl_write_eperm", case_sysctl_write_eperm, NULL },
	{ "modules_lock_unpriv_autoload_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[0] },
	{ "modules_lock_root_autoload_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[1] },
	{ "modules_lock_unpriv_template_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[2] },
	{ "modules_lock_root_template_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[3] },
	{ "modules_lock_unpriv_missing_template_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[4] },
	{ "modules_lock_root_missing_template_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[5] },
	{ "modules_lock_container_autoload_nothing_asked", case_autoload_nothing_asked,
	  &locked_autoloads[6] },
	{ "modules_lock_root_modprobe_write_eperm", case_knob_write_eperm, &hb_knobs[0] },
	{ "modules_lock_root_core_pattern_write_eperm", case_knob_write_eperm, &hb_knobs[1] },
	{ "modules_lock_root_hotplug_write_eperm", case_knob_write_eperm, &hb_knobs[2] },
	{ "modules_lock_root_uevent_helper_write_eperm", case_knob_write_eperm, &hb_knobs[3] },
	{ "modules_lock_modules_disabled_stays_0", case_disabled_unchanged, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
