/* SPDX-License-Identifier: GPL-2.0-only */
/* kernels.list: one kernel a line, "NAME SOURCE ARGS...", '#' comments, blank lines.
 *   NAME debian SUITE linux-source-X.Y [VERSION]  one line of Debian's kernels (its newest
 *                                                 upload in SUITE when no VERSION)
 *   NAME debian SUITE linux-source-X.x            the newest line X.* that SUITE serves
 *   NAME debian SUITE linux-source                the newest line SUITE serves
 *   NAME dir PATH                                 a kernel tree the user already has */
#ifndef HB_KERNELS_LIST_H
#define HB_KERNELS_LIST_H

#include <stdbool.h>
#include <stddef.h>

#define KL_NAME_MAX 64
#define KL_FIELD_MAX 128
#define KL_PATH_MAX 4096

enum kernel_source { KERNEL_SOURCE_DEBIAN, KERNEL_SOURCE_DIR };

struct kernel_entry {
	char name[KL_NAME_MAX];
	enum kernel_source source;
	char suite[KL_FIELD_MAX];   /* debian */
	char package[KL_FIELD_MAX]; /* debian: linux-source-X.Y, or what it follows */
	bool follows;               /* debian: package is linux-source or linux-source-X.x */
	int follow_major;           /* when follows: X of linux-source-X.x, -1 for any */
	char version[KL_FIELD_MAX]; /* debian, "" = newest the suite serves */
	char path[KL_PATH_MAX];     /* dir */
	int line;                   /* line number in the file */
};

struct kernel_list {
	struct kernel_entry *entries;
	size_t count;
};

/* Parses TEXT (the file's contents) named FILENAME in messages.
 * Returns 0, or -1 with "FILENAME:LINE: what is wrong" in err. */
int kernels_list_parse(const char *text, const char *filename, struct kernel_list *out,
		       char *err, size_t errlen);
/* Reads and parses PATH; -1 with a message when it cannot be read or parsed. */
int kernels_list_load(const char *path, struct kernel_list *out, char *err, size_t errlen);
void kernels_list_free(struct kernel_list *list);
/* The entry called NAME, or NULL. */
const struct kernel_entry *kernels_list_find(const struct kernel_list *list, const char *name);
/* "5.10, 6.1, 6.12" into buf: for messages naming the known kernels. */
void kernels_list_names(const struct kernel_list *list, char *buf, size_t len);
const char *kernel_source_name(enum kernel_source source);
/* PACKAGE is a line of Debian's kernel sources, "linux-source-X.Y" (digits only): true with
 * its X and Y. */
bool kernel_line_parse(const char *package, int *major, int *minor);
/* Is PACKAGE a line that entry E (a debian entry) may be: the package itself for a fixed entry,
 * any linux-source-X.Y (of major X for linux-source-X.x) for an entry that follows. */
bool kernel_entry_takes(const struct kernel_entry *e, const char *package);

#endif
