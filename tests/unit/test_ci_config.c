// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the CI configurations of ci_config_text(): git before actions/checkout (the
 * debian:bookworm image has none), the fetched trees and ccache cached per kernel and keyed on
 * kernels.list and the config fragment, GitLab's caches inside the project linked into the
 * driver's cache, and the kernels quoted as strings. (tests/suites/ci-config-tests runs the engines'
 * own linters on the committed files.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ci_config.h"

#include <stdlib.h>
#include <string.h>

static char *config(const char *which, const char *list_text)
{
	struct kernel_list list = { 0 };
	char err[256];
	assert_int_equal(kernels_list_parse(list_text, "kernels.list", &list, err, sizeof(err)), 0);
	char *text = ci_config_text(which, &list);
	kernels_list_free(&list);
	assert_non_null(text);
	return text;
}

static const char *after(const char *text, const char *from, const char *what)
{
	const char *f = strstr(text, from);
	if (!f)
		fail_msg("no '%s'", from);
	const char *w = strstr(f, what);
	if (!w)
		fail_msg("no '%s' after '%s'", what, from);
	return w;
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static const char *const two = "5.10 debian bullseye linux-source-5.10\n"
			       "6.1 debian bookworm linux-source-6.1\n";

static void github_git_and_caches(void **state)
{
	(void)state;
	char *t = config("github", two);
	assert_non_null(strstr(t, "kernel: [\"5.10\", \"6.1\"]"));
	/* Both jobs install git (and the CA certificates it clones with) before the checkout. */
	assert_int_equal(count(t, "apt-get install -y -q --no-install-recommends git ca-certificates"),
			 2);
	const char *git = strstr(t, "--no-install-recommends git");
	const char *checkout = strstr(t, "uses: actions/checkout@v4");
	assert_true(git && checkout && git < checkout);
	git = strstr(checkout, "--no-install-recommends git");
	assert_true(git && git < strstr(checkout + 1, "uses: actions/checkout@v4"));
	/* The caches are restored before the matrix runs, keyed per kernel. */
	const char *trees = after(t, "uses: actions/checkout@v4", "${{ env.BACKPORT_CACHE }}/src");
	after(trees, "", "${{ env.BACKPORT_CACHE }}/kernels");
	after(trees, "", "key: trees-${{ matrix.kernel }}-${{ hashFiles('kernels.list') }}");
	const char *cc = after(t, "CCACHE_DIR: /var/cache/ccache", "path: ${{ env.CCACHE_DIR }}");
	after(cc, "", "key: ccache-${{ matrix.kernel }}-${{ hashFiles('kernels.list', "
		      "'test-initramfs/kernel.config') }}");
	after(cc, "", "restore-keys: ccache-${{ matrix.kernel }}-");
	assert_true(cc < strstr(t, "out/backport matrix --kernels"));
	free(t);
}

static void gitlab_caches(void **state)
{
	(void)state;
	char *t = config("gitlab", two);
	assert_non_null(strstr(t, "- KERNEL: [\"5.10\", \"6.1\"]"));
	const char *m = after(t, "\nmatrix:\n", "  cache:\n");
	after(m, "", "files: [kernels.list]\n        prefix: trees-$KERNEL\n");
	after(m, "", "paths:\n        - .cache/trees/\n");
	after(m, "", "files: [kernels.list, test-initramfs/kernel.config]\n"
		     "        prefix: ccache-$KERNEL\n");
	assert_non_null(strstr(t, "CCACHE_DIR: $CI_PROJECT_DIR/.cache/ccache\n"));
	/* The driver's cache stays outside the project; the cached trees are linked into it
	 * before the script runs. */
	assert_non_null(strstr(t, "BACKPORT_CACHE: /var/cache/hardening-backport\n"));
	const char *link = after(m, "before_script:", "ln -sfn \"$CI_PROJECT_DIR/.cache/trees/src\"");
	assert_true(link < strstr(t, "make deps all"));
	/* Only the matrix jobs have caches: the report job needs none. */
	assert_int_equal(count(t, "  cache:\n"), 1);
	free(t);
}

static void unknown_ci(void **state)
{
	(void)state;
	struct kernel_list list = { 0 };
	assert_null(ci_config_text("jenkins", &list));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(github_git_and_caches),
		cmocka_unit_test(gitlab_caches),
		cmocka_unit_test(unknown_ci),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
