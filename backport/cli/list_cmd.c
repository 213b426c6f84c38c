// SPDX-License-Identifier: GPL-2.0-only
/* backport list: each kernel of kernels.list with the version fetched and its tree. */
#include "commands.h"
#include "exitcodes.h"
#include "fetch.h"
#include "fsutil.h"

#include <stdio.h>
#include <string.h>

int cmd_list(struct hb_ctx *ctx, int argc, char **argv)
{
	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: backport list [--default]\nPrints each kernel of kernels.list: name, "
		       "source, the version fetched, its tree.\n"
		       "  --default   print only the default kernel's name (the one matching this\n"
		       "              Debian release, else the first listed)\n");
		return HB_EXIT_OK;
	}
	if (argc == 2 && strcmp(argv[1], "--default") == 0) {
		const struct kernel_entry *e = ctx_default_kernel(ctx);
		if (!e) {
			fprintf(stderr, "backport: kernels.list names no kernel\n");
			return HB_EXIT_USAGE;
		}
		printf("%s\n", e->name);
		return HB_EXIT_OK;
	}
	if (argc > 1) {
		fprintf(stderr, "usage: backport list [--default]\n");
		return HB_EXIT_USAGE;
	}
	printf("%-10s %-40s %-20s %s\n", "NAME", "SOURCE", "VERSION", "TREE");
	for (size_t i = 0; i < ctx->kernels.count; i++) {
		const struct kernel_entry *e = &ctx->kernels.entries[i];
		char source[400];
		if (e->source == KERNEL_SOURCE_DEBIAN)
			snprintf(source, sizeof(source), "debian %s %s%s%s", e->suite, e->package,
				 e->version[0] ? "=" : "", e->version);
		else
			snprintf(source, sizeof(source), "dir");
		struct fetch_record rec;
		bool fetched = fetch_record_read(ctx, e->name, &rec) == 0;
		if (e->source == KERNEL_SOURCE_DIR) {
			char err[64];
			fetched = fs_is_kernel_tree(e->path, err, sizeof(err));
			if (fetched)
				fs_kernel_version(e->path, rec.version, sizeof(rec.version));
			snprintf(rec.tree, sizeof(rec.tree), "%s", e->path);
		}
		if (fetched && e->source == KERNEL_SOURCE_DEBIAN && e->follows && rec.package[0]) {
			size_t used = strlen(source); /* the line it follows, as fetched */
			snprintf(source + used, sizeof(source) - used, " (%s)", rec.package);
		}
		printf("%-10s %-40s %-20s %s\n", e->name, source,
		       fetched ? rec.version : "not fetched", fetched ? rec.tree : "-");
	}
	return HB_EXIT_OK;
}
