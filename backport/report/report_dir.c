// SPDX-License-Identifier: GPL-2.0-only
#include "report_dir.h"

#include "clock_text.h"
#include "fsutil.h"
#include "msg.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *report_dir_new(const struct hb_ctx *ctx, const char *prefix, char **id)
{
	char *base = fs_join(ctx->cache, "reports");
	char stamp[32];
	clock_compact(stamp, sizeof(stamp));
	char *path = NULL;
	if (fs_mkdir_p(base, 0755) != 0) {
		msg_error("cannot create %s: %m", base);
		free(base);
		return NULL;
	}
	for (int n = 1; n < 100 && !path; n++) {
		char *name = n == 1 ? xasprintf("%s-%s", prefix, stamp)
				    : xasprintf("%s-%s-%d", prefix, stamp, n);
		char *candidate = fs_join(base, name);
		if (mkdir(candidate, 0755) == 0) {
			path = candidate;
			*id = name;
			break;
		}
		int why = errno;
		free(candidate);
		free(name);
		if (why != EEXIST) {
			errno = why;
			msg_error("cannot create a report folder under %s: %m", base);
			break;
		}
	}
	free(base);
	return path;
}

int report_dir_make(const char *dir)
{
	if (fs_mkdir_p(dir, 0755) != 0) {
		msg_error("cannot create the report folder %s: %m", dir);
		return -1;
	}
	return 0;
}

int report_dir_link_latest(const struct hb_ctx *ctx, const char *dir)
{
	char *copy = strdup(dir);
	char *link = xasprintf("%s/reports/latest", ctx->cache);
	char *tmp = xasprintf("%s.tmp-%d", link, (int)getpid());
	unlink(tmp);
	int rc = symlink(basename(copy), tmp) == 0 && rename(tmp, link) == 0 ? 0 : -1;
	if (rc != 0) {
		msg_warn("cannot point %s at %s: %m", link, dir);
		unlink(tmp);
	}
	free(tmp);
	free(link);
	free(copy);
	return rc;
}
