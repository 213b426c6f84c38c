#include "autoload.h"

#include "errname.h"
#include "ktap.h"
#include "mod_ops.h"
#include "modprobe_log.h"

#include <unistd.h>

#define TRIGGER_TIMEOUT_S 60
#define UNLOAD_WAIT_MS 3000

int hb_autoload_unload(const struct hb_trigger *t)
{
	int loaded = mod_is_loaded(t->module);
	int rc;

	if (loaded < 0) {
		ktap_diag("/proc/modules: %s", hb_errname(-loaded));
		return loaded;
	}
	if (!loaded)
		return 0;
	if (t->settle_ms)
		usleep(t->settle_ms * 1000);
	rc = mod_delete(t->module, UNLOAD_WAIT_MS);
	if (rc < 0)
		ktap_diag("delete_module(%s): %s", t->module, hb_errname(-rc));
	return rc;
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

	obs->rc = hb_run_as(who, fire_trampoline, t, TRIGGER_TIMEOUT_S);
	obs->loaded = mod_is_loaded(t->module);
	obs->requests_named = modlog_requests_since(mark, t->request, 0);
	obs->requests_any = modlog_requests_since(mark, NULL, 0);
	ktap_diag("%s as %s -> %s; %s %s; modprobe asked for %s: %d time(s), %d request(s) in all",
		  t->action, hb_who_name(who), hb_rc_name(obs->rc), t->module,
		  obs->loaded > 0 ? "loaded" : obs->loaded == 0 ? "not loaded" : "unknown",
		  t->request, obs->requests_named, obs->requests_any);
	modlog_print_since(mark);
	if (obs->rc == HB_RC_SETUP || obs->rc == HB_RC_DIED || obs->rc == HB_RC_FORK)
		return -1;
	return 0;
}
