// SPDX-License-Identifier: GPL-2.0-only
#include "series_origin.h"

#include "fsutil.h"

#include <stdlib.h>
#include <string.h>

char *series_origin_text(const struct kernel_entry *e, const struct fetch_record *rec)
{
	if (e->source == KERNEL_SOURCE_DIR)
		return xasprintf("# made from the kernel tree at %s (Linux %s) by backport apply\n"
				 "version=%s\n",
				 e->path, rec->version, rec->version);
	/* an entry that follows the suite's newest line records the line it took */
	const char *package = rec->package[0] ? rec->package : e->package;
	const char *pocket = rec->pocket[0] ? rec->pocket : e->suite;
	return xasprintf("# made from Debian's %s %s (%s) by backport apply\n"
			 "suite=%s\n"
			 "%s%s%s"
			 "package=%s\n"
			 "version=%s\n",
			 package, rec->version, pocket, e->suite, rec->pocket[0] ? "pocket=" : "",
			 rec->pocket, rec->pocket[0] ? "\n" : "", package, rec->version);
}

int series_origin_write(const char *series_dir, const struct kernel_entry *e,
			const struct fetch_record *rec)
{
	char *path = fs_join(series_dir, SERIES_ORIGIN_FILE);
	char *text = series_origin_text(e, rec);
	int rc = fs_write_file_atomic(path, text, strlen(text));
	free(text);
	free(path);
	return rc;
}
