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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct apt_mirror m;

/* apt-get indextargets --format APT_INDEXTARGETS_FORMAT, as apt prints it for
 *   deb http://mirror.example/debian-security bookworm-security main
 *   deb-src http://src.example/debian bookworm main
 *   deb [arch=amd64] http://mirror.example/debian/ bookworm main contrib
 * (one line per index target: Packages of each architecture, Translations, ...) */
static void finds_the_main_archive(void **state)
{
	(void)state;
	const char *text = "deb http://mirror.example/debian-security/ bookworm-security main /e:1\n"
			   "deb http://mirror.example/debian-security/ bookworm-security main /e:1\n"
			   "deb-src http://src.example/debian/ bookworm main /e:2\n"
			   "deb http://mirror.example/debian/ bookworm main /e:3\n"
			   "deb http://mirror.example/debian/ bookworm main /e:3\n"
			   "deb http://mirror.example/debian/ bookworm contrib /e:3\n";
	int targets = 0;
	assert_true(apt_indextargets_find_mirror(text, &m, &targets));
	assert_string_equal(m.uri, "http://mirror.example/debian");
	assert_string_equal(m.entry, "/e:3");
	assert_int_equal(targets, 4); /* it stops at the first that fits */
}

/* The pockets a suite's packages come from, as the machine's apt would take them. */
static void finds_the_pockets_of_a_suite(void **state)
{
	(void)state;
	struct apt_pocket p[APT_POCKETS_MAX];
	/* this machine lists bookworm, bookworm-updates and bookworm-security */
	const char *machine = "deb http://mirror.example/debian/ bookworm main /e:1\n"
			      "deb http://mirror.example/debian/ bookworm-updates main /e:1\n"
			      "deb http://sec.example/debian-security/ bookworm-security main /e:2\n"
			      "deb http://mirror.example/debian/ bookworm-backports main /e:3\n";
	assert_int_equal(apt_indextargets_find_pockets(machine, "bookworm", p), 3);
	assert_string_equal(p[0].suite, "bookworm");
	assert_string_equal(p[1].suite, "bookworm-updates");
	assert_string_equal(p[2].suite, "bookworm-security");
	assert_string_equal(p[2].mirror.uri, "http://sec.example/debian-security");
	assert_string_equal(p[2].mirror.entry, "/e:2");
	/* a suite it does not list: all three, the security pocket on its security mirror */
	assert_int_equal(apt_indextargets_find_pockets(machine, "trixie", p), 3);
	assert_string_equal(p[0].suite, "trixie");
	assert_string_equal(p[0].mirror.uri, "http://mirror.example/debian");
	assert_string_equal(p[1].suite, "trixie-updates");
	assert_string_equal(p[2].suite, "trixie-security");
	assert_string_equal(p[2].mirror.uri, "http://sec.example/debian-security");
	/* sid has no pocket but itself */
	assert_int_equal(apt_indextargets_find_pockets(machine, "sid", p), 1);
	assert_string_equal(p[0].suite, "sid");
	/* the machine's choice holds: only bookworm listed, only bookworm taken */
	const char *plain = "deb http://mirror.example/debian/ bookworm main /e:1\n";
	assert_int_equal(apt_indextargets_find_pockets(plain, "bookworm", p), 1);
	/* no security entry anywhere: no security pocket for a suite it does not list */
	assert_int_equal(apt_indextargets_find_pockets(plain, "trixie", p), 2);
	assert_string_equal(p[1].suite, "trixie-updates");
	/* an entry of kernels.list that names a pocket: that pocket alone */
	assert_int_equal(apt_indextargets_find_pockets(machine, "trixie-security", p), 1);
	assert_string_equal(p[0].suite, "trixie-security");
	assert_string_equal(p[0].mirror.uri, "http://sec.example/debian-security");
	/* no Debian archive at all */
	assert_int_equal(apt_indextargets_find_pockets("deb https://x.example/ cloud main /e:1\n",
						       "bookworm", p), 0);
	char *text = apt_private_pockets_text(p, apt_indextargets_find_pockets(machine, "bookworm", p));
	assert_non_null(strstr(text, " http://sec.example/debian-security bookworm-security main\n"));
	assert_non_null(strstr(text, " http://mirror.example/debian bookworm-updates main\n"));
	free(text);
}

static void needs_deb_main_a_plain_suite_and_a_known_scheme(void **state)
{
	(void)state;
	static const char *const no[] = {
		"deb http://m.example/debian/ bookworm contrib /e:3\n",
		"deb http://m.example/debian/ bookworm-updates main /e:3\n",
		"deb http://m.example/debian/ bookworm-backports main /e:3\n",
		"deb-src http://m.example/debian/ bookworm main /e:3\n",
		"deb https://packages.example/apt/ cloud-sdk main /e:3\n",
		"deb tor+http://m.example/debian/ bookworm main /e:3\n",
		"deb http://m.example/flat/ ./  /e:1\n", /* flat: no component */
		"deb http://m.example/debian/ bookworm main /e:1 extra\n",
		"deb http://m.example/debian/ bookworm main\n", /* no entry */
		"",
	};
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (apt_indextargets_find_mirror(no[i], &m, NULL))
			fail_msg("accepted: %s", no[i]);
	int targets = -1;
	assert_false(apt_indextargets_find_mirror("", &m, &targets));
	assert_int_equal(targets, 0);
	/* https and file URIs do, and sid, trixie, stable too */
	assert_true(apt_indextargets_find_mirror("deb https://m.example/debian// sid main /e:2",
						 &m, NULL));
	assert_string_equal(m.uri, "https://m.example/debian");
	assert_true(apt_indextargets_find_mirror("deb\tfile:/srv/debian/\tstable\tmain\t/e.list:7\n",
						 &m, NULL));
	assert_string_equal(m.uri, "file:/srv/debian");
	assert_string_equal(m.entry, "/e.list:7");
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
	if (apt_sources_find_mirror(etc, &m, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_string_equal(m.uri, "http://mirror.example/debian");
	assert_non_null(strstr(m.entry, "/sources.list.d/debian.sources:1"));
	assert_string_equal(m.options, "signed-by=/usr/share/keyrings/debian-archive-keyring.gpg");
	/* a local archive the machine takes unsigned: its private entry is trusted too */
	put(etc, "sources.list.d/debian.sources", "");
	put(etc, "sources.list.d/local.list",
	    "# a local archive\n\ndeb [ arch=amd64 trusted=yes ] file:/srv/fake sid main\n");
	if (apt_sources_find_mirror(etc, &m, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_string_equal(m.uri, "file:/srv/fake");
	assert_non_null(strstr(m.entry, "/sources.list.d/local.list:3"));
	assert_string_equal(m.options, "trusted=yes");
	char *line = apt_private_sources_text(&m, "sid");
	assert_string_equal(line, "deb [trusted=yes] file:/srv/fake sid main\n");
	free(line);
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
	assert_int_equal(apt_sources_find_mirror(etc, &m, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no apt sources"));
	put(etc, "sources.list", "deb http://x.example/ubuntu jammy main\n");
	assert_int_equal(apt_sources_find_mirror(etc, &m, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "is Debian's main archive"));
	fs_remove_tree(etc);
	free(etc);
}

static void reads_the_trust_of_an_entry(void **state)
{
	(void)state;
	char o[256];
	const char *list = "deb http://a.example/debian sid main\n"
			   "deb [trusted=yes] file:/srv/a sid main\n"
			   "deb [arch=amd64 signed-by=/k/my.gpg] http://b.example/d sid main\n"
			   "deb [signed-by=/k/a.gpg,/k/b.gpg trusted=no] http://c.example/d sid main\n"
			   "deb-src [ trusted=yes ] http://d.example/d sid main\n";
	assert_true(apt_source_trust_options(list, false, 1, o, sizeof(o)));
	assert_string_equal(o, "");
	assert_true(apt_source_trust_options(list, false, 2, o, sizeof(o)));
	assert_string_equal(o, "trusted=yes");
	assert_true(apt_source_trust_options(list, false, 3, o, sizeof(o)));
	assert_string_equal(o, "signed-by=/k/my.gpg");
	assert_true(apt_source_trust_options(list, false, 4, o, sizeof(o)));
	assert_string_equal(o, ""); /* two keyrings, and trusted=no: none carried over */
	assert_true(apt_source_trust_options(list, false, 5, o, sizeof(o)));
	assert_string_equal(o, "trusted=yes");
	assert_false(apt_source_trust_options(list, false, 9, o, sizeof(o)));
	const char *deb822 = "# leading comment\n"
			     "Types: deb\nURIs: http://a.example/debian\nSuites: sid\n"
			     "Signed-By: /usr/share/keyrings/x.gpg\n"
			     "\n\n# another\n"
			     "Types: deb\nURIs: file:/srv/b\nSuites: sid\nComponents: main\n"
			     "Trusted: yes\n"
			     "\n"
			     "Types: deb\nURIs: http://c.example/d\nSuites: sid\n"
			     "Signed-By:\n -----BEGIN PGP PUBLIC KEY BLOCK-----\n .\n abc\n";
	assert_true(apt_source_trust_options(deb822, true, 1, o, sizeof(o)));
	assert_string_equal(o, "signed-by=/usr/share/keyrings/x.gpg");
	assert_true(apt_source_trust_options(deb822, true, 2, o, sizeof(o)));
	assert_string_equal(o, "trusted=yes");
	assert_true(apt_source_trust_options(deb822, true, 3, o, sizeof(o)));
	assert_string_equal(o, ""); /* a key inline: Debian's keyring instead */
	assert_false(apt_source_trust_options(deb822, true, 4, o, sizeof(o)));
}

static void private_sources_keep_the_entry_trust(void **state)
{
	(void)state;
	struct apt_mirror mm = { .uri = "http://m.example/debian", .options = "" };
	char *line = apt_private_sources_text(&mm, "sid");
	assert_string_equal(line, "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
				  "http://m.example/debian sid main\n");
	free(line);
	snprintf(mm.options, sizeof(mm.options), "signed-by=/k/my.gpg");
	line = apt_private_sources_text(&mm, "trixie");
	assert_string_equal(line, "deb [signed-by=/k/my.gpg] http://m.example/debian trixie main\n");
	free(line);
	snprintf(mm.options, sizeof(mm.options), "signed-by=/k/my.gpg trusted=yes");
	line = apt_private_sources_text(&mm, "sid");
	assert_string_equal(line, "deb [trusted=yes] http://m.example/debian sid main\n");
	free(line);
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
		cmocka_unit_test(finds_the_pockets_of_a_suite),
		cmocka_unit_test(needs_deb_main_a_plain_suite_and_a_known_scheme),
		cmocka_unit_test(asks_apt_about_the_sources_in_both_formats),
		cmocka_unit_test(says_when_there_are_no_sources),
		cmocka_unit_test(reads_the_trust_of_an_entry),
		cmocka_unit_test(private_sources_keep_the_entry_trust),
		cmocka_unit_test(private_conf_keeps_the_machine_sources_out),
	};
	return cmocka_run_group_tests_name("apt_sources", tests, NULL, NULL);
}
