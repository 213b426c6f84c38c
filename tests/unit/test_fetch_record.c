// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the fetch record a stage started alone takes (backport/fetch/fetch.h): the
 * last fetch's, as long as it was made for the kernels.list line the kernel has now. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fetch.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>

/* ctx over a cache in a temporary folder, with kernel "k" as LINE describes it. */
static void ctx_with(struct hb_ctx *ctx, char *cache, const char *line)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->cache = cache;
	char err[256];
	assert_int_equal(kernels_list_parse(line, "test.list", &ctx->kernels, err, sizeof(err)), 0);
}

static void write_fetched(const char *cache, const char *fields)
{
	char *dir = xasprintf("%s/kernels/k", cache), *path = fs_join(dir, "fetched");
	char *text = xasprintf("{\"record\": \"fetch\", \"record_version\": 1, %s, \"tree\": "
			       "\"%s/src/t\"}\n", fields, cache);
	fs_mkdir_p(dir, 0755);
	assert_int_equal(fs_write_file_atomic(path, text, strlen(text)), 0);
	free(text);
	free(path);
	free(dir);
}

/* fetch_record_of for kernel "k" described by LINE: 0 or -1. */
static int record_of(char *cache, const char *line)
{
	struct hb_ctx ctx;
	ctx_with(&ctx, cache, line);
	struct fetch_record rec;
	int rc = fetch_record_of(&ctx, &ctx.kernels.entries[0], &rec);
	if (rc == 0)
		assert_string_equal(rec.version, "6.1.192-3");
	else
		assert_string_equal(rec.tree, "");
	kernels_list_free(&ctx.kernels);
	return rc;
}

static void the_last_fetch_of_the_same_line(void **state)
{
	(void)state;
	char cache[] = "/tmp/hb-test-fetched-XXXXXX";
	assert_non_null(mkdtemp(cache));
	char *tree = xasprintf("%s/src/t", cache);
	fs_mkdir_p(tree, 0755);
	const char *same = "k debian bookworm linux-source-6.1\n";
	assert_int_equal(record_of(cache, same), -1); /* never fetched */
	write_fetched(cache, "\"package\": \"linux-source-6.1\", \"version\": \"6.1.192-3\"");
	assert_int_equal(record_of(cache, same), -1); /* a record that names no suite */
	write_fetched(cache, "\"package\": \"linux-source-6.1\", \"version\": \"6.1.192-3\", "
			     "\"suite\": \"bookworm\", \"pocket\": \"bookworm-security\"");
	assert_int_equal(record_of(cache, same), 0);
	assert_int_equal(record_of(cache, "k debian bookworm linux-source-6.1 6.1.192-3\n"), 0);
	assert_int_equal(record_of(cache, "k debian bookworm linux-source-6.x\n"), 0);
	assert_int_equal(record_of(cache, "k debian bookworm linux-source\n"), 0);
	/* another line of kernels.list: fetched again */
	assert_int_equal(record_of(cache, "k debian bookworm linux-source-6.1 6.1.190-1\n"), -1);
	assert_int_equal(record_of(cache, "k debian bookworm-security linux-source-6.1\n"), -1);
	assert_int_equal(record_of(cache, "k debian bookworm linux-source-6.12\n"), -1);
	assert_int_equal(record_of(cache, "k debian bookworm linux-source-7.x\n"), -1);
	/* its tree gone from the cache */
	fs_remove_tree(tree);
	assert_int_equal(record_of(cache, same), -1);
	fs_remove_tree(cache);
	free(tree);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_last_fetch_of_the_same_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
