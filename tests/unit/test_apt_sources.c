// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: finding Debian's main archive in the machine's apt sources. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apt_private.h"
#include "apt_sources.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char uri[APT_URI_MAX];

static void one_line_format(void **state)
{
	(void)state;
	const char *text = "# deb http://old.example/debian buster main\n"
			   "deb http://mirror.example/debian-security bookworm-security main\n"
			   "deb-src http://src.example/debian bookworm main\n"
			   "deb [arch=amd64 signed-by=/k.gpg] http://mirror.example/debian/ bookworm main contrib\n";
	assert_true(apt_sources_find_in_text(text, false, uri, sizeof(uri)));
	assert_string_equal(uri, "http://mirror.example/debian");
}

static void one_line_needs_main_and_a_plain_suite(void **state)
{
	(void)state;
	assert_false(apt_sources_find_in_text("deb http://m.example/debian bookworm contrib\n",
					      false, uri, sizeof(uri)));
	assert_false(apt_sources_find_in_text("deb http://m.example/debian bookworm-updates main\n",
					      false, uri, sizeof(uri)));
	assert_false(apt_sources_find_in_text("deb https://packages.example/apt cloud-sdk main\n",
					      false, uri, sizeof(uri)));
}

static void deb822_format(void **state)
{
	(void)state;
	const char *text = "Types: deb\n"
			   "URIs: http://mirror.example/debian-security\n"
			   "Suites: bookworm-security\n"
			   "Components: main\n"
			   "\n"
			   "Types: deb deb-src\n"
			   "# a comment inside\n"
			   "URIs: https://mirror.example/debian/\n"
			   "Suites: bookworm bookworm-updates\n"
			   "Components: main non-free-firmware\n"
			   "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n";
	assert_true(apt_sources_find_in_text(text, true, uri, sizeof(uri)));
	assert_string_equal(uri, "https://mirror.example/debian");
}

static void deb822_skips_disabled_and_source_only(void **state)
{
	(void)state;
	const char *text = "Types: deb\nURIs: http://a.example/debian\nSuites: sid\n"
			   "Components: main\nEnabled: no\n\n"
			   "Types: deb-src\nURIs: http://b.example/debian\nSuites: sid\nComponents: main\n";
	assert_false(apt_sources_find_in_text(text, true, uri, sizeof(uri)));
}

static char *make_etc(void)
{
	char tmpl[] = "/tmp/hb-apt-etc-XXXXXX";
	char *dir = strdup(mkdtemp(tmpl));
	char *d = fs_join(dir, "sources.list.d");
	fs_mkdir_p(d, 0755);
	free(d);
	return dir;
}

static void put(const char *dir, const char *name, const char *text)
{
	char *p = fs_join(dir, name);
	assert_int_equal(fs_write_file_atomic(p, text, strlen(text)), 0);
	free(p);
}

static void reads_files_in_order_and_ignores_disabled_ones(void **state)
{
	(void)state;
	char *etc = make_etc();
	char err[512];
	put(etc, "sources.list.d/a.list.disabled", "deb http://wrong.example/debian sid main\n");
	put(etc, "sources.list.d/b.list", "deb http://other.example/x cloud main\n");
	put(etc, "sources.list.d/debian.sources",
	    "Types: deb\nURIs: http://right.example/debian\nSuites: bookworm\nComponents: main\n");
	assert_int_equal(apt_sources_find_mirror(etc, uri, sizeof(uri), err, sizeof(err)), 0);
	assert_string_equal(uri, "http://right.example/debian");
	fs_remove_tree(etc);
	free(etc);
}

static void says_when_there_are_no_sources(void **state)
{
	(void)state;
	char *etc = make_etc();
	char err[512];
	assert_int_equal(apt_sources_find_mirror(etc, uri, sizeof(uri), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no apt sources"));
	put(etc, "sources.list", "deb http://x.example/ubuntu jammy main\n");
	assert_int_equal(apt_sources_find_mirror(etc, uri, sizeof(uri), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "names Debian's main archive"));
	fs_remove_tree(etc);
	free(etc);
}

static void private_conf_keeps_the_machine_sources_out(void **state)
{
	(void)state;
	char *conf = apt_private_conf_text("/c/apt/sid");
	assert_non_null(strstr(conf, "Dir::Etc::sourcelist \"/c/apt/sid/sources.list\";"));
	assert_non_null(strstr(conf, "Dir::Etc::sourceparts \"/c/apt/sid/empty\";"));
	assert_non_null(strstr(conf, "Dir::State \"/c/apt/sid/state\";"));
	assert_non_null(strstr(conf, "Dir::State::status \"/c/apt/sid/status\";"));
	assert_null(strstr(conf, "/etc/apt"));
	free(conf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_line_format),
		cmocka_unit_test(one_line_needs_main_and_a_plain_suite),
		cmocka_unit_test(deb822_format),
		cmocka_unit_test(deb822_skips_disabled_and_source_only),
		cmocka_unit_test(reads_files_in_order_and_ignores_disabled_ones),
		cmocka_unit_test(says_when_there_are_no_sources),
		cmocka_unit_test(private_conf_keeps_the_machine_sources_out),
	};
	return cmocka_run_group_tests_name("apt_sources", tests, NULL, NULL);
}
