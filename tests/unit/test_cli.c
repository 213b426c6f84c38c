// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: every bad input of the driver answers with a message naming what is wrong and
 * exit code 2 (bad input) or 3 (environment), and changes nothing in the cache. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fsutil.h"
#include "spawn.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct run {
	int status;
	char *out;
	char *err;
};

struct sandbox {
	char *dir;   /* temporary folder for everything below */
	char *cache; /* BACKPORT_CACHE */
	char *list;  /* BACKPORT_KERNELS_LIST */
};

static const char *driver(void)
{
	const char *bin = getenv("BACKPORT_BIN");
	return bin ? bin : "out/backport";
}

static int sandbox_setup(void **state)
{
	struct sandbox *s = calloc(1, sizeof(*s));
	char tmpl[] = "/tmp/hb-cli-XXXXXX";
	s->dir = strdup(mkdtemp(tmpl));
	s->cache = fs_join(s->dir, "cache");
	s->list = fs_join(s->dir, "kernels.list");
	*state = s;
	return 0;
}

static int sandbox_teardown(void **state)
{
	struct sandbox *s = *state;
	fs_remove_tree(s->dir);
	free(s->dir);
	free(s->cache);
	free(s->list);
	free(s);
	return 0;
}

static void write_list(struct sandbox *s, const char *text)
{
	assert_int_equal(fs_write_file_atomic(s->list, text, strlen(text)), 0);
}

static struct run run_driver(struct sandbox *s, const char *extra_env, char *const args[])
{
	char *argv[16];
	int n = 0;
	argv[n++] = (char *)driver();
	for (int i = 0; args[i] && n < 15; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	char *env_cache = xasprintf("BACKPORT_CACHE=%s", s->cache);
	char *env_list = xasprintf("BACKPORT_KERNELS_LIST=%s", s->list);
	char *env_extra = strdup(extra_env ? extra_env : "HB_TEST=1");
	char *env[] = { env_cache, env_list, env_extra, NULL };
	char *errpath = fs_join(s->dir, "stderr");
	unlink(errpath);
	struct spawn_opts o = { .log_path = errpath, .env_add = env };
	struct run r;
	r.out = spawn_capture(argv, &o, &r.status);
	r.err = fs_read_file(errpath, NULL);
	if (!r.err)
		r.err = strdup("");
	free(errpath);
	free(env_cache);
	free(env_list);
	free(env_extra);
	return r;
}

static void expect(struct run r, int status, const char *message)
{
	if (r.status != status || !strstr(r.err, message))
		fail_msg("expected exit %d and '%s', got exit %d and stderr:\n%s", status,
			 message, r.status, r.err);
	free(r.out);
	free(r.err);
}

/* Nothing was left behind: no tree, no record. */
static void assert_no_tree(struct sandbox *s)
{
	char *src = fs_join(s->cache, "src");
	char *kernels = fs_join(s->cache, "kernels");
	DIR *d = opendir(src);
	int entries = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		entries += e->d_name[0] != '.';
	if (d)
		closedir(d);
	assert_int_equal(entries, 0);
	assert_false(fs_exists(kernels));
	free(src);
	free(kernels);
}

static void malformed_kernels_list(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "# ok\n6.1 debian bookworm linux-source-6.1\n7.0 tarball x\n");
	expect(run_driver(s, NULL, (char *[]){ "list", NULL }), 2, "kernels.list:3: unknown source 'tarball'");
	assert_no_tree(s);
}

static void unknown_kernel_name_lists_known_ones(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "5.10 debian bullseye linux-source-5.10\n6.1 debian bookworm linux-source-6.1\n");
	expect(run_driver(s, NULL, (char *[]){ "fetch", "4.19", NULL }), 2,
	       "unknown kernel '4.19' (known in");
	struct run r = run_driver(s, NULL, (char *[]){ "fetch", "4.19", NULL });
	assert_non_null(strstr(r.err, "5.10, 6.1"));
	free(r.out);
	free(r.err);
	assert_no_tree(s);
}

static void dir_that_is_not_a_kernel_tree(void **state)
{
	struct sandbox *s = *state;
	char *text = xasprintf("mine dir %s\n", s->dir);
	write_list(s, text);
	free(text);
	expect(run_driver(s, NULL, (char *[]){ "fetch", "mine", NULL }), 2,
	       "is not a Linux kernel tree (no Makefile)");
}

static void no_apt_sources(void **state)
{
	struct sandbox *s = *state;
	char *etc = fs_join(s->dir, "etc-apt");
	fs_mkdir_p(etc, 0755);
	char *env = xasprintf("BACKPORT_APT_ETC=%s", etc);
	write_list(s, "6.1 debian bookworm linux-source-6.1\n");
	expect(run_driver(s, env, (char *[]){ "fetch", "6.1", NULL }), 3,
	       "no apt sources to take a Debian mirror from");
	assert_no_tree(s);
	free(env);
	free(etc);
}

static void missing_tool_names_its_package(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "6.1 debian bookworm linux-source-6.1\n");
	expect(run_driver(s, "PATH=/nonexistent", (char *[]){ "fetch", "6.1", NULL }), 3,
	       "'apt-get' is not installed: install the Debian package 'apt'");
	assert_no_tree(s);
}

static void suite_the_mirror_does_not_serve(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "x debian nosuchsuite linux-source-6.1\n");
	expect(run_driver(s, NULL, (char *[]){ "fetch", "x", NULL }), 2,
	       "the mirror does not serve the suite 'nosuchsuite'");
	assert_no_tree(s);
}

static void package_the_suite_does_not_serve(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "x debian bookworm linux-source-9.99\n");
	/* not the user's mistake but Debian's archive moving on: exit 3, naming what it has */
	expect(run_driver(s, NULL, (char *[]){ "fetch", "x", NULL }), 3,
	       "bookworm does not have linux-source-9.99; it has linux-source-6.1");
	write_list(s, "x debian bookworm linux-source-6.1 0.0.1-1\n");
	expect(run_driver(s, NULL, (char *[]){ "fetch", "x", NULL }), 2,
	       "does not serve linux-source-6.1 version 0.0.1-1");
	assert_no_tree(s);
}

static void cache_inside_the_repo_is_refused(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "6.1 debian bookworm linux-source-6.1\n");
	char *env = xasprintf("BACKPORT_ROOT=%s", s->dir);
	expect(run_driver(s, env, (char *[]){ "list", NULL }), 2, "lies inside the repo");
	free(env);
}

static void cache_path_spatch_misreads_is_refused(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "6.1 debian bookworm linux-source-6.1\n");
	char *plain = s->cache;
	s->cache = fs_join(s->dir, "my cache");
	expect(run_driver(s, NULL, (char *[]){ "fetch", "6.1", NULL }), 2,
	       "holds ' ', which spatch and kbuild misread");
	assert_false(fs_exists(s->cache));
	free(s->cache);
	s->cache = plain;
}

static void bad_usage(void **state)
{
	struct sandbox *s = *state;
	write_list(s, "6.1 debian bookworm linux-source-6.1\n");
	expect(run_driver(s, NULL, (char *[]){ "frobnicate", NULL }), 2, "unknown command 'frobnicate'");
	expect(run_driver(s, NULL, (char *[]){ "fetch", NULL }), 2, "usage: backport fetch");
	struct run r = run_driver(s, NULL, (char *[]){ "--help", NULL });
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "Exit codes:"));
	free(r.out);
	free(r.err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(malformed_kernels_list, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(unknown_kernel_name_lists_known_ones, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(dir_that_is_not_a_kernel_tree, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(no_apt_sources, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(missing_tool_names_its_package, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(suite_the_mirror_does_not_serve, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(package_the_suite_does_not_serve, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(cache_path_spatch_misreads_is_refused, sandbox_setup,
						sandbox_teardown),
		cmocka_unit_test_setup_teardown(cache_inside_the_repo_is_refused, sandbox_setup, sandbox_teardown),
		cmocka_unit_test_setup_teardown(bad_usage, sandbox_setup, sandbox_teardown),
	};
	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
