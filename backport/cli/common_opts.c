// SPDX-License-Identifier: GPL-2.0-only
#include "common_opts.h"

#include "apply_series.h"
#include "build.h"
#include "exitcodes.h"

enum common_opts_kind common_opts_take(struct hb_ctx *ctx, int c, const char *arg, int *rc)
{
	*rc = HB_EXIT_OK;
	switch (c) {
	case COMMON_OPT_CONFIG:
		*rc = build_set_user_config(ctx, arg);
		return COMMON_OPTS_BUILD;
	case COMMON_OPT_AUTHOR:
		if (series_set_author(ctx, arg) != 0)
			*rc = HB_EXIT_USAGE;
		return COMMON_OPTS_SERIES;
	case COMMON_OPT_SIGNOFF:
		ctx->signoff = true;
		return COMMON_OPTS_SERIES;
	case COMMON_OPT_COVER_LETTER:
		ctx->cover_letter = true;
		return COMMON_OPTS_SERIES;
	default:
		return COMMON_OPTS_NONE;
	}
}
