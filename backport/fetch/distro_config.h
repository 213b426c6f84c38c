/* SPDX-License-Identifier: GPL-2.0-only */
/* A distribution's own kernel config, fetched the way its source is: Debian's
 * linux-config-X.Y of the same version as the linux-source-X.Y fetched, through the same
 * private apt configuration, and one of its configs (config.amd64_none_FLAVOUR.xz) unpacked
 * into the cache. `--config debian:FLAVOUR` builds from it. */
#ifndef HB_DISTRO_CONFIG_H
#define HB_DISTRO_CONFIG_H

#include "ctx.h"
#include "fetch.h"

#include <stddef.h>

#define DISTRO_CONFIG_PREFIX "debian:"

/* Whether ARG names a distribution config ("debian:cloud-amd64"): the flavour's name in
 * FLAVOUR, or 0 when ARG is no such name. -1 (with why in err) for "debian:" with a flavour
 * that is no plain name. */
int distro_config_parse(const char *arg, char *flavour, size_t len, char *err, size_t errlen);
/* linux-config-X.Y for linux-source-X.Y (malloc'd), or NULL for another package. */
char *distro_config_package(const char *source_package);
/* The config of FLAVOUR for kernel E, whose source REC records: in the cache already, or
 * downloaded and unpacked into CACHE/kernels/NAME/config-VERSION-FLAVOUR. *PATH gets it
 * (malloc'd). An hb_exit code; a flavour the package lacks is refused with those it has. */
int distro_config_fetch(const struct hb_ctx *ctx, const struct kernel_entry *e,
			const struct fetch_record *rec, const char *flavour, char **path);

#endif
