/* SPDX-License-Identifier: GPL-2.0-only */
/* Finding the mirror URI that the machine's own apt sources use for Debian's main archive,
 * from one-line sources.list files and deb822 .sources files. */
#ifndef HB_APT_SOURCES_H
#define HB_APT_SOURCES_H

#include <stdbool.h>
#include <stddef.h>

#define APT_URI_MAX 1024

/* Searches one file's text. FORMAT_DEB822 is true for a .sources file.
 * Returns true and fills uri (without a trailing '/') when an entry for Debian's main
 * archive is found: type deb, component main, a plain Debian suite (no -security,
 * -updates, -backports suffix), not disabled. */
bool apt_sources_find_in_text(const char *text, bool format_deb822, char *uri, size_t len);
/* Reads ETC_APT/sources.list then ETC_APT/sources.list.d/ *.list and *.sources in name order
 * (files apt itself ignores, such as *.disabled, are ignored too). Returns 0 with uri
 * filled, or -1 with err saying which files were read and why nothing matched. */
int apt_sources_find_mirror(const char *etc_apt, char *uri, size_t len, char *err, size_t errlen);
/* Is SUITE a Debian suite name whose main archive we may use (no -security etc.)? */
bool apt_suite_is_plain(const char *suite);

#endif
