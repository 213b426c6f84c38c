// SPDX-License-Identifier: GPL-2.0-only
#include "stage_order.h"

#include "apply.h"
#include "apply_record.h"
#include "apply_stamp.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fsutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int stage_order_fetch(const struct hb_ctx *ctx, const struct kernel_entry *e,
		      struct fetch_record *rec)
{
	if (fetch_record_of(ctx, e, rec) == 0)
		return HB_EXIT_OK;
	return fetch_kernel(ctx, e, false, rec);
}

int stage_order_apply(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, bool vanilla)
{
	if (strcmp(ctx->applied, e->name) == 0)
		return HB_EXIT_OK;
	if (vanilla) {
		char *record = apply_record_path(ctx, e->name);
		bool found = fs_exists(record);
		free(record);
		if (found)
			return HB_EXIT_OK;
	} else if (apply_last_current(ctx, e, fetched, features_selected(ctx))) {
		snprintf(ctx->applied, sizeof(ctx->applied), "%s", e->name);
		return HB_EXIT_OK;
	}
	return apply_kernel(ctx, e, fetched, features_selected(ctx), NULL);
}
