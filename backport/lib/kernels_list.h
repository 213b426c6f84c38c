/* SPDX-License-Identifier: GPL-2.0-only */
/* kernels.list: one kernel a line, "NAME SOURCE ARGS...", '#' comments, blank lines.
 *   NAME debian SUITE PACKAGE [VERSION]   a Debian linux-source package
 *   NAME dir PATH                         a kernel tree the user already has */
#ifndef HB_KERNELS_LIST_H
#define HB_KERNELS_LIST_H

#include <stddef.h>

#define KL_NAME_MAX 64
#define KL_FIELD_MAX 128
#define KL_PATH_MAX 4096

enum kernel_source { KERNEL_SOURCE_DEBIAN, KERNEL_SOURCE_DIR };

struct kernel_entry {
	char name[KL_NAME_MAX];
	enum kernel_source source;
	char suite[KL_FIELD_MAX];   /* debian */
	char package[KL_FIELD_MAX]; /* debian */
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

#endif
