/* SPDX-License-Identifier: GPL-2.0-only */
/* A private apt configuration per Debian suite under CACHE/apt/SUITE: its own sources list
 * (the machine's own mirror URI with SUITE), state, cache and status. The machine's apt
 * sources are only read, never written. */
#ifndef HB_APT_PRIVATE_H
#define HB_APT_PRIVATE_H

#include "ctx.h"

#include <stdbool.h>
#include <stddef.h>

struct apt_private {
	char *dir;      /* CACHE/apt/SUITE */
	char *conf;     /* its apt.conf (APT_CONFIG) */
	char *log;      /* everything apt printed */
	char *suite;
	char *env[2];   /* "APT_CONFIG=...", NULL */
};

/* Sets up the folder and its configuration. Returns an hb_exit code. */
int apt_private_open(const struct hb_ctx *ctx, const char *suite, struct apt_private *apt);
void apt_private_close(struct apt_private *apt);
/* CACHE/apt/SUITE/apt.log: everything apt printed for SUITE (malloc'd). */
char *apt_private_log_path(const struct hb_ctx *ctx, const char *suite);
/* apt-get update, unless the index is fresh (under a day old) and refresh is false. */
int apt_private_update(struct apt_private *apt, bool refresh);
/* The exact version to fetch: VERSION checked if given, else the newest the suite serves. */
int apt_private_resolve(struct apt_private *apt, const char *package, const char *version,
			char *out, size_t len);
/* apt-get download PACKAGE=VERSION into DIR/debs (checksum verified by apt against the
 * signed index); *deb gets the .deb's path. */
int apt_private_download(struct apt_private *apt, const char *package, const char *version,
			 char **deb);
/* The apt.conf text for a private folder (exposed for the unit tests). */
char *apt_private_conf_text(const char *dir);

#endif
