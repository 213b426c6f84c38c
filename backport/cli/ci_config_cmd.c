// SPDX-License-Identifier: GPL-2.0-only
/* backport ci-config github|gitlab [--out FILE]: the command over ci_config_text(). */
#include "ci_config.h"
#include "commands.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "msg.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: backport ci-config github|gitlab [--out FILE]\n"
		   "Prints (or writes to FILE) a CI configuration with one matrix job per kernel of\n"
		   "kernels.list and a job that merges their reports:\n"
		   "  github   a GitHub Actions workflow (strategy.matrix.kernel; the merged\n"
		   "           matrix.md goes to the job summary)\n"
		   "  gitlab   a .gitlab-ci.yml (parallel:matrix: KERNEL; JUnit reports)\n");
}

int cmd_ci_config(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "out", required_argument, NULL, 'o' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	const char *out = NULL;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'o') {
			out = optarg;
		} else {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		msg_error("ci-config: name one CI: github or gitlab");
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	char *text = ci_config_text(argv[optind], &ctx->kernels);
	if (!text) {
		msg_error("ci-config: unknown CI '%s' (known: github, gitlab)", argv[optind]);
		return HB_EXIT_USAGE;
	}
	int rc = HB_EXIT_OK;
	if (!out) {
		fputs(text, stdout);
	} else if (fs_write_file_atomic(out, text, strlen(text)) != 0) {
		msg_error("cannot write %s: %m", out);
		rc = HB_EXIT_ENV;
	} else {
		printf("wrote %s\n", out);
	}
	free(text);
	return rc;
}
