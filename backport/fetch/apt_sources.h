/* SPDX-License-Identifier: GPL-2.0-only */
/* Finding the mirror URI that the machine's own apt sources use for Debian's main archive.
 * apt reads the sources itself (one-line .list files and deb822 .sources files alike, with
 * what it ignores ignored) and lists their index targets: `apt-get indextargets`. */
#ifndef HB_APT_SOURCES_H
#define HB_APT_SOURCES_H

#include <stdbool.h>
#include <stddef.h>

#define APT_URI_MAX 1024

/* What apt-get indextargets prints per index target (its --format): the entry's type, its
 * URI, its suite as the sources name it, the component. */
#define APT_INDEXTARGETS_FORMAT "$(TARGET_OF) $(REPO_URI) $(RELEASE) $(COMPONENT)"

/* Searches TEXT, apt-get indextargets' output in APT_INDEXTARGETS_FORMAT. Returns true and
 * fills uri (without a trailing '/') for the first target of Debian's main archive: type
 * deb, component main, a plain Debian suite (no -security, -updates, -backports suffix), an
 * http, https or file URI. *TARGETS (when not NULL) gets the number of lines read. */
bool apt_indextargets_find_mirror(const char *text, char *uri, size_t len, int *targets);
/* Runs apt-get indextargets on the sources under ETC_APT (apt's Dir::Etc: sources.list and
 * sources.list.d/) and searches its output. Returns 0 with uri filled, or -1 with err saying
 * what apt listed and why nothing matched. */
int apt_sources_find_mirror(const char *etc_apt, char *uri, size_t len, char *err, size_t errlen);
/* Is SUITE a Debian suite name whose main archive we may use (no -security etc.)? */
bool apt_suite_is_plain(const char *suite);

#endif
