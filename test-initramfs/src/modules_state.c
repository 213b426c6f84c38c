// SPDX-License-Identifier: GPL-2.0-only
#include "modules_state.h"

#include <errno.h>

#include "errname.h"
#include "files.h"
#include "hb_paths.h"
#include "ktap.h"

static int disabled_bad;

int hb_restrict_get(long *level)
{
	return hb_read_long(HB_SYSCTL_MODULES_RESTRICT, level);
}

int hb_restrict_set(long level)
{
	long now = -1;
	int rc = hb_write_long(HB_SYSCTL_MODULES_RESTRICT, level);

	if (rc < 0) {
		ktap_diag("write %ld to %s: %s", level, HB_SYSCTL_MODULES_RESTRICT,
			  hb_errname(-rc));
		return rc;
	}
	rc = hb_restrict_get(&now);
	if (rc < 0 || now != level) {
		ktap_diag("%s reads %ld after writing %ld (%s)", HB_SYSCTL_MODULES_RESTRICT,
			  now, level, hb_errname(rc < 0 ? -rc : 0));
		return rc < 0 ? rc : -EIO;
	}
	return 0;
}

void hb_disabled_check(const char *when)
{
	long v = -1;
	int rc = hb_read_long(HB_SYSCTL_MODULES_DISABLED, &v);

	if (rc < 0) {
		ktap_diag("%s: cannot read %s: %s", when, HB_SYSCTL_MODULES_DISABLED,
			  hb_errname(-rc));
		disabled_bad = 1;
	} else if (v != 0) {
		ktap_diag("%s: %s is %ld, expected 0", when, HB_SYSCTL_MODULES_DISABLED, v);
		disabled_bad = 1;
	}
}

int hb_disabled_ever_bad(void)
{
	return disabled_bad;
}
