// SPDX-License-Identifier: GPL-2.0-only
/* backport: carries kernel hardenings onto many kernel versions with Coccinelle semantic
 * patches, builds each kernel vanilla and patched, boots both in QEMU and tests them. */
#include "commands.h"
#include "ctx.h"
#include "exitcodes.h"
#include "msg.h"
#include "spatch_run.h"

#include <stdio.h>
#include <string.h>

static const struct command commands[] = {
	{ "list", cmd_list, "print each kernel of kernels.list with what was fetched" },
	{ "fetch", cmd_fetch, "bring a kernel's pristine source tree into the cache" },
	COMMANDS_MORE
};

static void usage(FILE *f)
{
	fprintf(f, "usage: backport COMMAND [ARGS...]\n"
		   "       backport COMMAND --help\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-14s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\nExit codes:\n"
		   "  0  ok\n"
		   "  1  a check or test failed\n"
		   "  2  bad usage or bad input (nothing was changed)\n"
		   "  3  a tool or the environment failed\n"
		   "\nEnvironment:\n"
		   "  BACKPORT_CACHE         cache folder (default ~/.cache/hardening-backport)\n"
		   "  BACKPORT_KERNELS_LIST  kernels list (default REPO/kernels.list)\n"
		   "  BACKPORT_ROOT          the repo (default: two levels above this binary)\n"
		   "  BACKPORT_APT_ETC       where the machine's apt sources are (default /etc/apt)\n"
		   "  BACKPORT_SPATCH_TIMEOUT  seconds spatch may spend on one file before it gives\n"
		   "                         it up, named as not examined (default 120; 0: none)\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return HB_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		struct hb_ctx ctx;
		int rc = ctx_init(&ctx);
		char bad = rc == HB_EXIT_OK ? spatch_path_unsafe_char(ctx.cache) : 0;
		if (bad) {
			msg_error("the cache path %s holds '%c', which spatch and kbuild misread in a "
				  "path; set BACKPORT_CACHE to a path made of letters, digits and "
				  "/ . _ - ~ , = @ : %%", ctx.cache, bad);
			rc = HB_EXIT_USAGE;
		}
		if (rc == HB_EXIT_OK)
			rc = commands[i].run(&ctx, argc - 1, argv + 1);
		ctx_free(&ctx);
		return rc;
	}
	fprintf(stderr, "backport: unknown command '%s'\n\n", argv[1]);
	usage(stderr);
	return HB_EXIT_USAGE;
}
