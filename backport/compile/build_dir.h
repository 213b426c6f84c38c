/* SPDX-License-Identifier: GPL-2.0-only */
/* The place where a kernel's flavours build: CACHE/build/NAME/src and CACHE/build/NAME/out, the
 * same absolute paths for vanilla and patched. kbuild writes those paths into every .cmd file,
 * so an out/ built for one flavour is valid for the other except where the sources differ.
 * Between builds each flavour's out/ waits in CACHE/build/NAME/FLAVOUR/out. A flavour without
 * one starts from a copy of the other's, and every file whose content differs from what that
 * out/ was built from (source_record.h) is put in src/ as a new file, newer than any object,
 * so kbuild rebuilds exactly what depends on it; mtimes alone cannot tell (an apply may be
 * older than the vanilla objects). */
#ifndef HB_BUILD_DIR_H
#define HB_BUILD_DIR_H

#include <stdbool.h>

struct build_dir {
	char *src;      /* CACHE/build/NAME/src: a hard-linked copy of the flavour's sources */
	char *out;      /* CACHE/build/NAME/out: the build's O= */
	char *kept;     /* CACHE/build/NAME/FLAVOUR/out: where out/ waits between builds */
	char *record;   /* the source record of this build, written into out/ once it built */
	char *how;      /* which out/ it started from, for the build's stage line */
};

/* The file in out/ that holds its source record. */
#define BUILD_DIR_RECORD ".hb-source-record"

/* Enters FLAVOUR of the kernel whose build directory is BASE: SOURCE (its tree; PRISTINE for
 * vanilla) into src/, out/ from the flavour's last build or a copy of OTHER's. 0, or -1 with a
 * message naming LOG. */
int build_dir_enter(const char *base, const char *flavour, const char *other,
		    const char *pristine, const char *source, const char *log,
		    struct build_dir *dir);
/* Puts out/ back in the flavour's place, with this build's source record if BUILT (a failed
 * build keeps the old record, so the next build refreshes the same files again). 0 or -1. */
int build_dir_leave(struct build_dir *dir, bool built);
void build_dir_free(struct build_dir *dir);

#endif
