/* SPDX-License-Identifier: GPL-2.0-only */
/* A private apt configuration per Debian suite under CACHE/apt/SUITE: its own sources list
 * (the suite's pockets on the machine's own mirror URIs: SUITE, SUITE-updates,
 * SUITE-security, as apt_sources.h chooses them), state, cache and status. The machine's apt
 * sources are only read, never written. */
#ifndef HB_APT_PRIVATE_H
#define HB_APT_PRIVATE_H

#include "apt_sources.h"
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
/* The lines of Debian's kernel sources the suite serves (linux-source-X.Y, oldest first;
 * malloc'd, free with apt_private_lines_free). Returns an hb_exit code. */
int apt_private_lines(struct apt_private *apt, char ***names, size_t *count);
void apt_private_lines_free(char **names, size_t count);
/* The package entry E means in this suite: its own, or for an entry that follows
 * (linux-source, linux-source-X.x) the newest line the suite serves that E takes; exit 3
 * naming what the suite has when there is none. */
int apt_private_follow(struct apt_private *apt, const struct kernel_entry *e, char *out,
		       size_t len);
/* The exact version to fetch: VERSION checked if given, else the newest the suite serves.
 * A package the suite no longer serves: exit 3, naming the lines it serves now. */
int apt_private_resolve(struct apt_private *apt, const char *package, const char *version,
			char *out, size_t len);
/* The pocket that serves PACKAGE VERSION (apt-cache madison): "bookworm-security"; "" when
 * apt does not say. */
void apt_private_pocket_of(struct apt_private *apt, const char *package, const char *version,
			   char *out, size_t len);
/* apt-get download PACKAGE=VERSION into DIR/debs (checksum verified by apt against the
 * signed index); *deb gets the .deb's path. */
int apt_private_download(struct apt_private *apt, const char *package, const char *version,
			 char **deb);
/* The private sources.list line for SUITE on mirror M (exposed for the unit tests). */
char *apt_private_sources_text(const struct apt_mirror *m, const char *suite);
/* The private sources.list: a line per pocket of P (N of them). */
char *apt_private_pockets_text(const struct apt_pocket *p, int n);
/* The apt.conf text for a private folder (exposed for the unit tests). */
char *apt_private_conf_text(const char *dir);

#endif
