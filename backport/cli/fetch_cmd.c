// SPDX-License-Identifier: GPL-2.0-only
/* backport fetch NAME|all [--refresh] [--config debian:FLAVOUR]: the command over
 * fetch_kernel() and distro_config_fetch(). */
#include "commands.h"
#include "distro_config.h"
#include "exitcodes.h"
#include "fetch.h"
#include "msg.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fetch_usage(FILE *f)
{
	fprintf(f, "usage: backport fetch [--refresh] [--config debian:FLAVOUR] NAME|all\n"
		   "Brings the kernel's pristine source tree into the cache ($BACKPORT_CACHE).\n"
		   "  --refresh   update the private apt index even when it is fresh\n"
		   "  --config debian:FLAVOUR\n"
		   "              also Debian's own config of that flavour (cloud-amd64, amd64)\n"
		   "              for the source's version, from linux-config-X.Y\n");
}

int cmd_fetch(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "refresh", no_argument, NULL, 'r' },
					      { "config", required_argument, NULL, 'C' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	bool refresh = false;
	char flavour[64] = "", err[512];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'r') {
			refresh = true;
		} else if (c == 'C') {
			int parsed = distro_config_parse(optarg, flavour, sizeof(flavour), err,
							 sizeof(err));
			if (parsed < 0)
				msg_error("--config %s", err);
			else if (parsed == 0)
				msg_error("fetch --config %s: fetch brings a distribution's config, "
					  "debian:FLAVOUR (debian:cloud-amd64)", optarg);
			if (parsed <= 0)
				return HB_EXIT_USAGE;
		} else if (c == 'h') {
			fetch_usage(stdout);
			return HB_EXIT_OK;
		} else {
			fetch_usage(stderr);
			return HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fetch_usage(stderr);
		return HB_EXIT_USAGE;
	}
	const char *name = argv[optind];
	bool all = strcmp(name, "all") == 0;
	if (!all && !ctx_kernel(ctx, name))
		return HB_EXIT_USAGE;
	int worst = HB_EXIT_OK;
	for (size_t i = 0; i < ctx->kernels.count; i++) {
		const struct kernel_entry *e = &ctx->kernels.entries[i];
		if (!all && strcmp(e->name, name) != 0)
			continue;
		double t0 = msg_now();
		msg_stage("fetch %s: %s %s%s%s", e->name, kernel_source_name(e->source),
			  e->source == KERNEL_SOURCE_DIR ? e->path : e->suite,
			  e->source == KERNEL_SOURCE_DIR ? "" : " ",
			  e->source == KERNEL_SOURCE_DIR ? "" : e->package);
		struct fetch_record rec;
		int rc = fetch_kernel(ctx, e, refresh, &rec);
		if (rc == HB_EXIT_OK)
			msg_info("%s %s at %s (%.1f s)", e->name, rec.version, rec.tree,
				 msg_now() - t0);
		char *config = NULL;
		if (rc == HB_EXIT_OK && *flavour)
			rc = distro_config_fetch(ctx, e, &rec, flavour, &config);
		free(config);
		if (rc > worst)
			worst = rc;
	}
	return worst;
}
