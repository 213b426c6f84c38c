// SPDX-License-Identifier: GPL-2.0-only
#include "hardening_checker.h"

#include "apt_private.h"
#include "exitcodes.h"
#include "fetch.h"
#include "fsutil.h"
#include "lock.h"
#include "msg.h"
#include "spawn.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DIST_PACKAGES "usr/lib/python3/dist-packages"
#define RUNNER "import sys; sys.path.insert(0, sys.argv.pop(1)); " \
	       "from kernel_hardening_checker import main; " \
	       "sys.argv[0] = 'kernel-hardening-checker'; main()"

/* dpkg's order of one part: letters before the rest, '~' before everything, even the end. */
static int order(char c)
{
	return isdigit((unsigned char)c) ? 0 : isalpha((unsigned char)c) ? c
	       : c == '~' ? -1 : c ? c + 256 : 0;
}

static int part_cmp(const char *a, const char *b)
{
	while (*a || *b) {
		int first_diff = 0;
		while ((*a && !isdigit((unsigned char)*a)) || (*b && !isdigit((unsigned char)*b))) {
			int ac = order(*a), bc = order(*b);
			if (ac != bc)
				return ac - bc;
			a++;
			b++;
		}
		while (*a == '0')
			a++;
		while (*b == '0')
			b++;
		while (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			if (!first_diff)
				first_diff = *a - *b;
			a++;
			b++;
		}
		if (isdigit((unsigned char)*a))
			return 1;
		if (isdigit((unsigned char)*b))
			return -1;
		if (first_diff)
			return first_diff;
	}
	return 0;
}

int hc_version_cmp(const char *a, const char *b)
{
	/* epoch:upstream-revision */
	long ea = strchr(a, ':') ? strtol(a, NULL, 10) : 0;
	long eb = strchr(b, ':') ? strtol(b, NULL, 10) : 0;
	if (ea != eb)
		return ea < eb ? -1 : 1;
	const char *ua = strchr(a, ':') ? strchr(a, ':') + 1 : a;
	const char *ub = strchr(b, ':') ? strchr(b, ':') + 1 : b;
	char *xa = strdup(ua), *xb = strdup(ub);
	char *ra = strrchr(xa, '-'), *rb = strrchr(xb, '-');
	if (ra)
		*ra++ = '\0';
	if (rb)
		*rb++ = '\0';
	int c = part_cmp(xa, xb);
	if (!c)
		c = part_cmp(ra ? ra : "", rb ? rb : "");
	free(xa);
	free(xb);
	return c;
}

static char *tools_dir(const struct hb_ctx *ctx)
{
	return xasprintf("%s/tools/%s", ctx->cache, HC_PACKAGE);
}

static void fill(struct hc_tool *t, const char *dir, const char *version, const char *how)
{
	snprintf(t->version, sizeof(t->version), "%s", version);
	snprintf(t->source, sizeof(t->source), "%s %s (Debian %s%s)", HC_PACKAGE, version,
		 HC_SUITE, how);
	t->pythonpath = xasprintf("%s/%s/%s", dir, version, DIST_PACKAGES);
	t->tested = strcmp(version, HC_TESTED_VERSION) == 0;
}

/* The newest version unpacked before, into OUT; false when none. */
static bool newest_unpacked(const char *dir, char *out, size_t len)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	out[0] = '\0';
	while (d && (de = readdir(d))) {
		char *pkg = xasprintf("%s/%s/%s/kernel_hardening_checker", dir, de->d_name,
				      DIST_PACKAGES);
		if (de->d_name[0] != '.' && !strstr(de->d_name, ".partial") && fs_is_dir(pkg) &&
		    strlen(de->d_name) < len && (!out[0] || hc_version_cmp(de->d_name, out) > 0))
			memcpy(out, de->d_name, strlen(de->d_name) + 1);
		free(pkg);
	}
	if (d)
		closedir(d);
	return out[0] != '\0';
}

static int unpack(const char *deb, const char *dir, const char *version, const char *log)
{
	char *into = xasprintf("%s/%s", dir, version);
	char *partial = xasprintf("%s.partial", into);
	char *pkg = xasprintf("%s/%s/kernel_hardening_checker", partial, DIST_PACKAGES);
	char *argv[] = { "dpkg-deb", "-x", (char *)deb, partial, NULL };
	struct spawn_opts o = { .log_path = log };
	int rc = HB_EXIT_ENV;
	fs_remove_tree(partial);
	if (fs_mkdir_p(dir, 0755) != 0 || spawn_run(argv, &o) != 0)
		msg_error("cannot unpack %s into %s (log: %s)", deb, partial, log);
	else if (!fs_is_dir(pkg))
		msg_error("%s holds no %s: not the package this driver knows", deb,
			  DIST_PACKAGES "/kernel_hardening_checker");
	else if (rename(partial, into) != 0)
		msg_error("cannot rename %s to %s: %m", partial, into);
	else
		rc = HB_EXIT_OK;
	fs_remove_tree(partial);
	free(pkg);
	free(partial);
	free(into);
	return rc;
}

static int from_suite(const struct hb_ctx *ctx, const char *dir, char *version, size_t len)
{
	struct apt_private apt;
	int rc = apt_private_open(ctx, HC_SUITE, &apt);
	if (!rc)
		rc = apt_private_update(&apt, false);
	if (!rc)
		rc = apt_private_resolve(&apt, HC_PACKAGE, NULL, version, len);
	char *have = rc ? NULL : xasprintf("%s/%s", dir, version);
	if (have && !fs_is_dir(have)) {
		char *deb = NULL;
		rc = apt_private_download(&apt, HC_PACKAGE, version, &deb);
		if (!rc)
			rc = unpack(deb, dir, version, apt.log);
		free(deb);
	}
	free(have);
	apt_private_close(&apt);
	return rc;
}

int hc_tool_fetch(const struct hb_ctx *ctx, struct hc_tool *t)
{
	static const char *const tools[] = { "python3", "python3", "apt-get", "apt",
					     "dpkg-deb", "dpkg", NULL };
	memset(t, 0, sizeof(*t));
	int rc = fetch_need_tools(tools);
	if (rc)
		return rc;
	char *dir = tools_dir(ctx);
	char *lock_name = xasprintf("apt-%s", HC_SUITE);
	int lock = lock_acquire(ctx->cache, lock_name);
	char version[64] = "", kept[64];
	rc = from_suite(ctx, dir, version, sizeof(version));
	if (rc == HB_EXIT_OK) {
		fill(t, dir, version, "");
	} else if (newest_unpacked(dir, kept, sizeof(kept))) {
		msg_warn("%s: %s could not be asked (see above); using %s, unpacked before",
			 HC_PACKAGE, HC_SUITE, kept);
		fill(t, dir, kept, ", unpacked before");
		rc = HB_EXIT_OK;
	}
	lock_release(lock);
	if (rc == HB_EXIT_OK && !t->tested)
		msg_warn("%s %s is %s than %s, the version this backport was tested with: its "
			 "checks may have other names, the summary says which changed",
			 HC_PACKAGE, t->version,
			 hc_version_cmp(t->version, HC_TESTED_VERSION) > 0 ? "newer" : "older",
			 HC_TESTED_VERSION);
	free(lock_name);
	free(dir);
	return rc;
}

void hc_tool_free(struct hc_tool *t)
{
	free(t->pythonpath);
	memset(t, 0, sizeof(*t));
}

char **hc_tool_argv(const struct hc_tool *t, char *const *args)
{
	size_t n = 0;
	while (args && args[n])
		n++;
	char **argv = calloc(n + 6, sizeof(*argv));
	if (!argv)
		abort();
	size_t k = 0;
	argv[k++] = "python3";
	argv[k++] = "-I"; /* neither the user's site-packages nor PYTHON* variables */
	argv[k++] = "-c";
	argv[k++] = RUNNER;
	argv[k++] = t->pythonpath;
	for (size_t i = 0; i < n; i++)
		argv[k++] = args[i];
	return argv;
}
