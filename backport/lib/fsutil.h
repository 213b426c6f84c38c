/* SPDX-License-Identifier: GPL-2.0-only */
/* Small file-system helpers. */
#ifndef HB_FSUTIL_H
#define HB_FSUTIL_H

#include <stdbool.h>
#include <stddef.h>

/* Whole file as a NUL-terminated string (length in *len if non-NULL); NULL + errno on failure. */
char *fs_read_file(const char *path, size_t *len);
/* Writes DATA to PATH through a temporary file and rename(): never half-written. */
int fs_write_file_atomic(const char *path, const char *data, size_t len);
/* mkdir -p; 0 or -1 with errno. */
int fs_mkdir_p(const char *path, unsigned mode);
/* rm -rf, making read-only directories writable first; 0 or -1. */
int fs_remove_tree(const char *path);
bool fs_exists(const char *path);
/* Is PATH a C source file (ends in ".c")? */
bool fs_is_c_file(const char *path);
/* Is PATH a C source or header file (ends in ".c" or ".h")? */
bool fs_is_c_or_header(const char *path);
/* Frees a NULL-terminated array of malloc'd strings and the array (NULL: nothing). */
void fs_free_list(char **list);
/* The number of strings in a NULL-terminated array (0 for NULL). */
size_t fs_list_len(char *const *list);
/* Appends ITEM to *LIST, a NULL-terminated array of *N strings (NULL for none yet), keeping it
 * NULL-terminated; *N grows by one. */
void fs_list_add(char ***list, size_t *n, char *item);
/* Sorts the N strings of LIST by strcmp() (byte order). */
void fs_sort_list(char **list, size_t n);
bool fs_is_dir(const char *path);
/* Seconds since PATH was modified, or -1 when it does not exist. */
double fs_age_seconds(const char *path);
/* Does the directory look like a Linux kernel source tree? If not, why in err. */
bool fs_is_kernel_tree(const char *dir, char *err, size_t errlen);
/* "VERSION.PATCHLEVEL.SUBLEVEL" from the tree's top Makefile, "" if unknown. */
void fs_kernel_version(const char *dir, char *buf, size_t len);
/* Is PATH (after realpath of its existing prefix) inside DIR? */
bool fs_path_inside(const char *path, const char *dir);
/* Is PROGRAM found on $PATH? */
bool fs_on_path(const char *program);
/* Joins a and b with one '/'; returns a malloc'd string (aborts on no memory). */
char *fs_join(const char *a, const char *b);
/* malloc'd printf (aborts on no memory). */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* realloc() that aborts when memory is out, as xasprintf() does: a list never grows in silence
 * into NULL. */
void *xrealloc(void *p, size_t size);

#endif
