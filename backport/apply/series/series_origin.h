/* SPDX-License-Identifier: GPL-2.0-only */
/* SERIES_DIR/VERSION: what a series was made from, beside its series file. The patch tests read
 * it to tell a series that is out of date (compared byte for byte) from one that Debian's next
 * upload moved (regenerated aside, checked, and reported as drift):
 *   # made from Debian's linux-source-6.1 6.1.176-1 (bookworm) by backport apply
 *   suite=bookworm
 *   package=linux-source-6.1
 *   version=6.1.176-1 */
#ifndef HB_SERIES_ORIGIN_H
#define HB_SERIES_ORIGIN_H

#include "fetch.h"
#include "kernels_list.h"

#define SERIES_ORIGIN_FILE "VERSION"

/* The file's text for kernel E fetched as REC (malloc'd). */
char *series_origin_text(const struct kernel_entry *e, const struct fetch_record *rec);
/* Writes SERIES_DIR/VERSION; 0 or -1 (errno set). */
int series_origin_write(const char *series_dir, const struct kernel_entry *e,
			const struct fetch_record *rec);

#endif
