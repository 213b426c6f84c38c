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
 * URI, its suite as the sources name it, the component, and the sources entry it comes from
 * (FILE:N, N the line of a one-line .list file or the stanza of a deb822 .sources file). */
#define APT_INDEXTARGETS_FORMAT "$(TARGET_OF) $(REPO_URI) $(RELEASE) $(COMPONENT) $(SOURCESENTRY)"

/* The mirror taken from the machine's sources: its URI and what its entry says about trust. */
struct apt_mirror {
	char uri[APT_URI_MAX];     /* without a trailing '/' */
	char entry[APT_URI_MAX];   /* FILE:N */
	char options[APT_URI_MAX]; /* for the private entry: "trusted=yes", "signed-by=PATH", "" */
};

/* Searches TEXT, apt-get indextargets' output in APT_INDEXTARGETS_FORMAT. Returns true and
 * fills m->uri and m->entry for the first target of Debian's main archive: type deb,
 * component main, a plain Debian suite (no -security, -updates, -backports suffix), an http,
 * https or file URI. *TARGETS (when not NULL) gets the number of lines read. */
bool apt_indextargets_find_mirror(const char *text, struct apt_mirror *m, int *targets);
/* The trust options of entry N of a sources file's TEXT (one-line format, or deb822 when
 * DEB822) that a private entry for the same URI carries over: "trusted=yes" (apt checks no
 * signature: a local archive of the machine's own) or "signed-by=PATH" (a keyring file);
 * "" when it says neither (or a key inline). False when the entry is not there. */
bool apt_source_trust_options(const char *text, bool deb822, int n, char *opts, size_t len);
/* Runs apt-get indextargets on the sources under ETC_APT (apt's Dir::Etc: sources.list and
 * sources.list.d/) and searches its output, then reads the entry's trust options. Returns 0
 * with m filled, or -1 with err saying what apt listed and why nothing matched. */
int apt_sources_find_mirror(const char *etc_apt, struct apt_mirror *m, char *err,
			    size_t errlen);
/* Is SUITE a Debian suite name whose main archive we may use (no -security etc.)? */
bool apt_suite_is_plain(const char *suite);

/* A pocket of a suite (bookworm, bookworm-updates, bookworm-security) and the mirror that
 * serves it. */
struct apt_pocket {
	char suite[64];
	struct apt_mirror mirror;
};
#define APT_POCKETS_MAX 3

/* The pockets of SUITE as the machine's apt would take packages from them, from TEXT (apt-get
 * indextargets' output): the machine's entries for SUITE, SUITE-updates and SUITE-security,
 * each with its own URI, when it lists any of them; else SUITE and SUITE-updates on the main
 * archive's mirror and SUITE-security on the mirror of the machine's own security entries
 * (when it has one), sid, unstable and experimental having no pocket but themselves. A SUITE
 * that names a pocket (bookworm-security) is that pocket alone. Returns how many (0: no
 * mirror for it); m->options are left empty (apt_sources_find_pockets reads them). */
int apt_indextargets_find_pockets(const char *text, const char *suite, struct apt_pocket *out);
/* apt_indextargets_find_pockets() on the sources under ETC_APT, with each entry's trust
 * options. Returns how many pockets, or -1 with err saying why none. */
int apt_sources_find_pockets(const char *etc_apt, const char *suite, struct apt_pocket *out,
			     char *err, size_t errlen);

#endif
