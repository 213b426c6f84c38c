/* SPDX-License-Identifier: GPL-2.0-only */
/* What a kernel build's out/ was built from: the pristine tree, and each file of the
 * flavour's source tree whose content is not the pristine file's, with a hash of that
 * content. Comparing the record an out/ was built from with the record of the sources about
 * to be built names the files kbuild must rebuild from (build_dir.c). The text is a record
 * (record.h) "source": {"pristine": PATH, "files": [{"path": RELATIVE-PATH, "hash": HASH},
 * ...]}, one entry per differing file, sorted by path. */
#ifndef HB_SOURCE_RECORD_H
#define HB_SOURCE_RECORD_H

#define SOURCE_RECORD_KIND "source"
#define SOURCE_RECORD_VERSION 1

/* The record of TREE against PRISTINE (TREE may be PRISTINE: no files). Files that share the
 * pristine file's inode (hard-linked work trees) are not read. NULL if a tree cannot be read. */
char *source_record_scan(const char *pristine, const char *tree);
/* The files whose recorded content differs between OLD and NEW (a file named in one record only
 * counts: it is pristine in the other), as a malloc'd NULL-terminated array. NULL when OLD is
 * not a record or the two name different pristine trees: nothing built from OLD can be reused. */
char **source_record_stale(const char *old_rec, const char *new_rec);
void source_record_list_free(char **files);

#endif
