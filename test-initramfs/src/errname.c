// SPDX-License-Identifier: GPL-2.0-only
#include "errname.h"

#include <stdio.h>
#include <string.h>

const char *hb_errname(int err)
{
	static char buf[32];
	const char *name = NULL;

	if (err == 0)
		return "success";
#ifdef __GLIBC__
	name = strerrorname_np(err);
#endif
	if (name)
		return name;
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}
