// SPDX-License-Identifier: GPL-2.0-only
#include "matrix_args.h"

#include "common_opts.h"
#include "feature_table.h"
#include "msg.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int matrix_make_jobs(long cpus, int parallel)
{
	long k = parallel > 0 ? cpus / parallel : cpus;
	return k >= 1 ? (int)k : 1;
}

static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = list; p && *p; p += strcspn(p, ","), p += *p == ',') {
		size_t len = strcspn(p, ",");
		if (len == n && strncmp(p, name, n) == 0)
			return true;
	}
	return false;
}

/* The entries named in "A,B", in kernels.list order; -1 naming the unknown ones. */
static int select_kernels(const struct kernel_list *list, const char *names,
			  struct matrix_args *a, char *err, size_t errlen)
{
	char unknown[1024] = "";
	int n_unknown = 0;
	if (!names || !*names) {
		msg_format(err, errlen, "--kernels needs a list of names (A,B)");
		return -1;
	}
	for (const char *p = names; *p; p += strcspn(p, ","), p += *p == ',') {
		size_t len = strcspn(p, ",");
		char name[KL_NAME_MAX + 1];
		snprintf(name, sizeof(name), "%.*s", (int)(len < KL_NAME_MAX ? len : KL_NAME_MAX), p);
		if (!len) {
			msg_format(err, errlen, "--kernels '%s': an empty name", names);
			return -1;
		}
		if (len < KL_NAME_MAX && kernels_list_find(list, name))
			continue;
		size_t used = strlen(unknown);
		snprintf(unknown + used, sizeof(unknown) - used, "%s'%s'", n_unknown ? ", " : "", name);
		n_unknown++;
	}
	if (n_unknown) {
		char known[1024];
		kernels_list_names(list, known, sizeof(known));
		msg_format(err, errlen, "unknown kernel%s %s (known: %s)", n_unknown > 1 ? "s" : "",
			   unknown, known);
		return -1;
	}
	for (size_t i = 0; i < list->count; i++)
		if (listed(names, list->entries[i].name))
			a->kernels[a->count++] = &list->entries[i];
	return 0;
}

int matrix_args_parse(struct hb_ctx *ctx, int argc, char **argv, struct matrix_args *a,
		      char *err, size_t errlen)
{
	const struct kernel_list *list = &ctx->kernels;
	static const struct option opts[] = { { "kernels", required_argument, NULL, 'k' },
					      { "features", required_argument, NULL, 'f' },
					      { "jobs", required_argument, NULL, 'j' },
					      { "out", required_argument, NULL, 'o' },
					      { "reuse-apply", no_argument, NULL, 'r' },
					      { "fuzz", required_argument, NULL, 'z' },
					      COMMON_OPTS_SERIES_TABLE,
					      COMMON_OPTS_BUILD_TABLE,
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	memset(a, 0, sizeof(*a));
	a->jobs = 1;
	a->kernels = calloc(list->count + 1, sizeof(*a->kernels));
	if (!a->kernels)
		abort();
	const char *names = NULL;
	int c;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":hj:", opts, NULL)) != -1) {
		char *end;
		long j;
		int rc;
		enum common_opts_kind kind = common_opts_take(ctx, c, optarg, &rc);
		if (kind && rc) {
			if (errlen)
				*err = '\0'; /* it said what is wrong */
			a->config_refused = kind == COMMON_OPTS_BUILD;
			return -1;
		}
		if (kind)
			continue;
		switch (c) {
		case 'h':
			a->help = true;
			return 0;
		case 'k':
			names = optarg;
			break;
		case 'f':
			if (features_select(optarg, &a->features, err, errlen) != 0)
				return -1;
			break;
		case 'j':
			j = strtol(optarg, &end, 10);
			if (*end || end == optarg || j < 1 || j > MATRIX_JOBS_MAX) {
				msg_format(err, errlen, "-j '%s': expected a number of kernels at once, "
					   "1 to %d", optarg, MATRIX_JOBS_MAX);
				return -1;
			}
			a->jobs = (int)j;
			break;
		case 'o':
			a->out = optarg;
			break;
		case 'r':
			a->reuse_apply = true;
			break;
		case 'z':
			j = strtol(optarg, &end, 10);
			if (*end || end == optarg || j < 1 || j > 86400) {
				msg_format(err, errlen, "--fuzz '%s': expected seconds of fuzzing, 1 to "
					   "86400", optarg);
				return -1;
			}
			a->fuzz_seconds = j;
			break;
		case ':':
			msg_format(err, errlen, "option '%s' needs a value", argv[optind - 1]);
			return -1;
		default:
			msg_format(err, errlen, "unknown option '%s'", argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		msg_format(err, errlen, "unexpected argument '%s' (name kernels with --kernels A,B)",
			   argv[optind]);
		return -1;
	}
	if (names)
		return select_kernels(list, names, a, err, errlen);
	for (size_t i = 0; i < list->count; i++)
		a->kernels[a->count++] = &list->entries[i];
	if (!a->count) {
		msg_format(err, errlen, "kernels.list names no kernel");
		return -1;
	}
	return 0;
}

void matrix_args_free(struct matrix_args *a)
{
	free(a->kernels);
	memset(a, 0, sizeof(*a));
}
