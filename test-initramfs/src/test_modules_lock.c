/* Suite modules_lock: kernel.modules_restrict=2. Irreversible until reboot,
 * so /init runs it last (or alone: hb.only=modules_lock).
 * Level 2: nobody, root included, can init_module, finit_module or
 * delete_module (EPERM), and the sysctl can no longer be written (EPERM).
 * kernel.modules_disabled must stay 0 throughout. */
#include <errno.h>
#include <stdio.h>

#include "autoload.h"
#include "errname.h"
#include "files.h"
#include "hb_paths.h"
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

static enum hb_verdict case_set_level2(const void *arg)
{
	(void)arg;
	st.locked = hb_restrict_set(2) == 0;
	hb_disabled_check("after setting level 2");
	return st.locked ? HB_PASS : HB_FAIL;
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

static enum hb_verdict autoload_not_loaded(enum hb_who who)
{
	const struct hb_trigger *t = hb_trigger_find(ABSENT_TRIGGER);
	struct hb_autoload_obs obs;

	if (!need_lock())
		return HB_FAIL;
	if (hb_autoload_observe(t, who, &obs) < 0)
		return HB_FAIL;
	hb_disabled_check("after autoload trigger");
	return obs.loaded == 0 ? HB_PASS : HB_FAIL;
}

static enum hb_verdict case_unpriv_autoload(const void *arg)
{
	(void)arg;
	return autoload_not_loaded(HB_UNPRIV);
}

static enum hb_verdict case_root_autoload(const void *arg)
{
	(void)arg;
	return autoload_not_loaded(HB_ROOT);
}

static enum hb_verdict case_disabled_unchanged(const void *arg)
{
	(void)arg;
	hb_disabled_check("end of suite");
	return hb_disabled_ever_bad() ? HB_FAIL : HB_PASS;
}

static const struct hb_case cases[] = {
	{ "modules_lock_precondition", case_precondition, NULL },
	{ "modules_lock_load_before_lock", case_load_before_lock, NULL },
	{ "modules_lock_set_level2", case_set_level2, NULL },
	{ "modules_lock_finit_module_eperm", case_finit_eperm, NULL },
	{ "modules_lock_init_module_eperm", case_init_eperm, NULL },
	{ "modules_lock_delete_module_eperm", case_delete_eperm, NULL },
	{ "modules_lock_sysctl_write_eperm", case_sysctl_write_eperm, NULL },
	{ "modules_lock_unpriv_autoload_not_loaded", case_unpriv_autoload, NULL },
	{ "modules_lock_root_autoload_not_loaded", case_root_autoload, NULL },
	{ "modules_lock_modules_disabled_stays_0", case_disabled_unchanged, NULL },
};

int main(int argc, char **argv)
{
	return ktap_suite_main(argc, argv, cases, sizeof(cases) / sizeof(cases[0]));
}
