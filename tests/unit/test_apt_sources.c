// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: finding Debian's main archive in apt-get indextargets' listing of apt sources. */
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

/* apt-get indextargets --format APT_INDEXTARGETS_FORMAT, as apt prints it for
 *   deb http://mirror.example/debian-security bookworm-security main
 *   deb-src http://src.example/debian bookworm main
 *   deb [arch=amd64] http://mirror.example/debian/ bookworm main contrib
 * (one line per index target: Packages of each architecture, Translations, ...) */
static void finds_the_main_archive(void **state)
{
	(void)state;
	const char *text = "deb http://mirror.example/debian-security/ bookworm-security main\n"
			   "deb http://mirror.example/debian-security/ bookworm-security main\n"
			   "deb-src http://src.example/debian/ bookworm main\n"
			   "deb http://mirror.example/debian/ bookworm main\n"
			   "deb http://mirror.example/debian/ bookworm main\n"
			   "deb http://mirror.example/debian/ bookworm contrib\n";
	int targets = 0;
	assert_true(apt_indextargets_find_mirror(text, uri, sizeof(uri), &targets));
	assert_string_equal(uri, "http://mirror.example/debian");
	assert_int_equal(targets, 4); /* it stops at the first that fits */
}

static void needs_deb_main_a_plain_suite_and_a_known_scheme(void **state)
{
	(void)state;
	static const char *const no[] = {
		"deb http://m.example/debian/ bookworm contrib\n",
		"deb http://m.example/debian/ bookworm-updates main\n",
		"deb http://m.example/debian/ bookworm-backports main\n",
		"deb-src http://m.example/debian/ bookworm main\n",
		"deb https://packages.example/apt/ cloud-sdk main\n",
		"deb tor+http://m.example/debian/ bookworm main\n",
		"deb http://m.example/flat/ ./ \n", /* a flat repository: no component */
		"deb http://m.example/debian/ bookworm main extra\n",
		"",
	};
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (apt_indextargets_find_mirror(no[i], uri, sizeof(uri), NULL))
			fail_msg("accepted: %s", no[i]);
	int targets = -1;
	assert_false(apt_indextargets_find_mirror("", uri, sizeof(uri), &targets));
	assert_int_equal(targets, 0);
	/* https and file URIs do, and sid, trixie, stable too */
	assert_true(apt_indextargets_find_mirror("deb https://m.example/debian// sid main",
						 uri, sizeof(uri), NULL));
	assert_string_equal(uri, "https://m.example/debian");
	assert_true(apt_indextargets_find_mirror("deb\tfile:/srv/debian/\tstable\tmain\n",
						 uri, sizeof(uri), NULL));
	assert_string_equal(uri, "file:/srv/debian");
	/* a URI longer than the room for it is none */
	char small[8];
	assert_false(apt_indextargets_find_mirror("deb http://m.example/debian/ sid main\n", small,
						  sizeof(small), NULL));
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

/* apt itself on sources in a folder of the test's (its Dir::Etc): both formats, what apt
 * ignores ignored. Nothing of this machine's own sources is read. */
static void asks_apt_about_the_sources_in_both_formats(void **state)
{
	(void)state;
	if (!fs_on_path("apt-get"))
		skip();
	char *etc = make_etc();
	char err[1024];
	put(etc, "sources.list",
	    "deb http://mirror.example/debian-security bookworm-security main\n"
	    "# deb http://commented.example/debian sid main\n");
	put(etc, "sources.list.d/a.list.disabled", "deb http://wrong.example/debian sid main\n");
	put(etc, "sources.list.d/b.list", "deb http://other.example/x cloud main\n");
	put(etc, "sources.list.d/c.sources",
	    "Types: deb\nURIs: http://off.example/debian\nSuites: sid\nComponents: main\n"
	    "Enabled: no\n\n"
	    "Types: deb-src\nURIs: http://src.example/debian\nSuites: sid\nComponents: main\n");
	put(etc, "sources.list.d/debian.sources",
	    "Types: deb deb-src\nURIs: http://mirror.example/debian/\n"
	    "Suites: bookworm bookworm-updates\nComponents: main non-free-firmware\n"
	    "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n");
	if (apt_sources_find_mirror(etc, uri, sizeof(uri), err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_string_equal(uri, "http://mirror.example/debian");
	fs_remove_tree(etc);
	free(etc);
}

static void says_when_there_are_no_sources(void **state)
{
	(void)state;
	if (!fs_on_path("apt-get"))
		skip();
	char *etc = make_etc();
	char err[1024];
	assert_int_equal(apt_sources_find_mirror(etc, uri, sizeof(uri), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no apt sources"));
	put(etc, "sources.list", "deb http://x.example/ubuntu jammy main\n");
	assert_int_equal(apt_sources_find_mirror(etc, uri, sizeof(uri), err, sizeof(err)), -1);
	assert_non_null(strstr(err, "is Debian's main archive"));
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
		cmocka_unit_test(finds_the_main_archive),
		cmocka_unit_test(needs_deb_main_a_plain_suite_and_a_known_scheme),
		cmocka_unit_test(asks_apt_about_the_sources_in_both_formats),
		cmocka_unit_test(says_when_there_are_no_sources),
		cmocka_unit_test(private_conf_keeps_the_machine_sources_out),
	};
	return cmocka_run_group_tests_name("apt_sources", tests, NULL, NULL);
}
