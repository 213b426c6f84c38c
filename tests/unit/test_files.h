/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests' helper: files written into a scratch tree. Include after <cmocka.h>. */
#ifndef HB_TEST_FILES_H
#define HB_TEST_FILES_H

#include "fsutil.h"

#include <stdlib.h>
#include <string.h>

/* A source record (source_record.h) of PRISTINE with FILES (FILE_OF entries joined by commas). */
#define SRC_RECORD(pristine, files)                                                        \
	"{\"record\": \"source\", \"record_version\": 1, \"pristine\": \"" pristine      \
	"\", \"files\": [" files "]}"
#define FILE_OF(path, hash) "{\"path\": \"" path "\", \"hash\": \"" hash "\"}"

/* DIR/FILE holds TEXT, its folders made as needed. */
static inline void put(const char *dir, const char *file, const char *text)
{
	char *path = fs_join(dir, file);
	char *parent = strdup(path);
	*strrchr(parent, '/') = '\0';
	assert_int_equal(fs_mkdir_p(parent, 0755), 0);
	assert_int_equal(fs_write_file_atomic(path, text, strlen(text)), 0);
	free(parent);
	free(path);
}

/* setup() and teardown() of a test group working in the scratch folder DIR, a mkdtemp()
 * template ("/tmp/hb-...-XXXXXX"): made before the first test, removed after the last. */
#define SCRATCH_DIR_GROUP(dir)                                  \
	static int setup(void **state)                          \
	{                                                       \
		(void)state;                                    \
		return mkdtemp(dir) ? 0 : -1;                   \
	}                                                       \
	static int teardown(void **state)                       \
	{                                                       \
		(void)state;                                    \
		return fs_remove_tree(dir);                     \
	}

#endif
