// SPDX-License-Identifier: GPL-2.0-only
#include "autoload.h"

#include "alt_names.h"
#include "errname.h"
#include "ktap.h"
#include "mod_db.h"
#include "mod_ops.h"
#include "modprobe_log.h"

#include <unistd.h>

#define TRIGGER_TIMEOUT_S 60
#define UNLOAD_WAIT_MS 3000

/* Which of NAMES (alt_names.h: "aes_generic|aes") is in /proc/modules: 1 with its name in
 * FOUND, 0 if none (or NAMES is NULL), -errno. */
static int loaded_one_of(const char *names, char *found, size_t len)
{
	for (const char *n = names; n;) {
		int rc;

		n = hb_alt_next(n, found, len);
		rc = mod_is_loaded(found);
		if (rc != 0)
			return rc;
	}
	return 0;
}

int hb_autoload_builtin(const char *names)
{
	static struct mod_db db;
	static int opened = -1;
	char name[HB_MOD_NAME_MAX];

	if (opened < 0)
		opened = mod_db_open(&db, NULL, NULL) == 0;
	for (const char *n = names; opened && n;) {
		n = hb_alt_next(n, name, sizeof(name));
		if (mod_db_is_builtin(&db, name))
			return 1;
	}
	return 0;
}

static int unload_one_of(const char *names, unsigned settle_ms)
{
	char name[HB_MOD_NAME_MAX];
	int loaded = loaded_one_of(names, name, sizeof(name));
	int rc;

	if (loaded < 0) {
		ktap_diag("/proc/modules: %s", hb_errname(-loaded));
		return loaded;
	}
	if (!loaded)
		return 0;
	if (settle_ms)
		usleep(settle_ms * 1000);
	rc = mod_delete(name, UNLOAD_WAIT_MS);
	if (rc < 0)
		ktap_diag("delete_module(%s): %s", name, hb_errname(-rc));
	return rc;
}

int hb_autoload_prepare(const struct hb_trigger *t)
{
	int rc = t->prepare ? t->prepare() : 0;

	if (rc < 0)
		ktap_diag("setting up %s: %s", t->action, hb_errname(-rc));
	return rc;
}

int hb_autoload_unload(const struct hb_trigger *t)
{
	int rc = unload_one_of(t->module, t->settle_ms);

	return rc < 0 ? rc : unload_one_of(t->module2, 0);
}

static int fire_trampoline(const void *arg)
{
	const struct hb_trigger *t = arg;

	return t->fire();
}

int hb_autoload_observe(const struct hb_trigger *t, enum hb_who who,
			struct hb_autoload_obs *obs)
{
	off_t mark = modlog_mark();
	char name[HB_MOD_NAME_MAX];

	obs->rc = hb_run_as(who, fire_trampoline, t, TRIGGER_TIMEOUT_S);
	obs->loaded = loaded_one_of(t->module, name, sizeof(name));
	obs->loaded2 = loaded_one_of(t->module2, name, sizeof(name));
	obs->requests_named = modlog_requests_since(mark, t->request, 0);
	obs->requests_any = modlog_requests_since(mark, NULL, 0);
	obs->builtin = hb_autoload_builtin(t->module);
	obs->builtin2 = hb_autoload_builtin(t->module2);
	ktap_diag("%s as %s -> %s; %s %s%s%s%s; modprobe asked for %s: %d time(s), %d request(s) "
		  "in all", t->action, hb_who_name(who), hb_rc_name(obs->rc),
		  t->module ? t->module : "(no module)",
		  obs->builtin ? "built in" : obs->loaded > 0 ? "loaded"
		  : obs->loaded == 0 ? "not loaded" : "unknown",
		  t->module2 ? ", " : "", t->module2 ? t->module2 : "",
		  !t->module2 ? "" : obs->builtin2 ? " built in" : obs->loaded2 > 0 ? " loaded"
		  : obs->loaded2 == 0 ? " not loaded" : " unknown",
		  t->request, obs->requests_named, obs->requests_any);
	modlog_print_since(mark);
	if (obs->rc == HB_RC_SETUP || obs->rc == HB_RC_DIED || obs->rc == HB_RC_FORK)
		return -1;
	return 0;
}
