// SPDX-License-Identifier: GPL-2.0-only
#include "stage_order.h"

#include "apply.h"
#include "apply_stamp.h"
#include "exitcodes.h"
#include "feature_table.h"

#include <stdlib.h>

int stage_order_fetch(const struct hb_ctx *ctx, const struct kernel_entry *e,
		      struct fetch_record *rec)
{
	if (fetch_record_of(ctx, e, rec) == 0)
		return HB_EXIT_OK;
	return fetch_kernel(ctx, e, false, rec);
}

int stage_order_apply(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, bool vanilla, struct apply_record *out)
{
	unsigned mask = features_selected(ctx);
	if (vanilla) {
		char *record = apply_record_path(ctx, e->name), err[512];
		int found = apply_record_read(record, out, err, sizeof(err));
		free(record);
		if (found == 0)
			return HB_EXIT_OK;
	} else if (apply_last_record(ctx, e, fetched, mask, out) == 0) {
		return HB_EXIT_OK;
	}
	return apply_kernel(ctx, e, fetched, mask, out);
}
