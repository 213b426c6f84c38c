// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the system stage's host side (backport/system/): reading hb-system's KTAP
 * document, the verdict over four boots, the fixes level 1's refusals ask for, the generated
 * part of docs/deploying.md, the image's recipe, the stage a stopped guest was in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "system_boot.h"
#include "system_image.h"
#include "system_report.h"
#include "system_verdict.h"

/* A boot as hb-system writes it: LEVEL at boot ("absent", "1"), whether networkd's netdevs were
 * made, whether the user's door opened, and NETWORKD_REFUSED: a refusal at boot by networkd. */
static char *document(const char *level, bool netdevs, bool door_open, bool networkd_refused,
		      bool level2)
{
	return xasprintf(
		"KTAP version 1\n1..%d\n"
		"# system state: running\n# modules_restrict: %s\n# boot_seconds: 17.5\n"
		"# failed_units: \n# modules_at_boot: virtio_blk bridge\n"
		"# modules_at_boot: %s\n# requested_at_boot: nft-expr-ct\n%s"
		"# requested: \n# loaded: \nok 1 boot\n"
		"# link hbbr0: %s\n# requested: \n# loaded: \n%s 2 networkd_netdevs\n"
		"#   bind(AF_ALG, aead gcm(aes)): ok\n# requested: %s\n# loaded: %s\n"
		"%s 3 user_algif_aead\n"
		"# $ ip link add hbabr type bridge -> ok\n# requested: \n# loaded: \n"
		"ok 4 admin_link_bridge\n%s"
		"# modules_at_end: virtio_blk bridge\n",
		level2 ? 5 : 4, level, netdevs ? "vxlan" : "nft_ct",
		networkd_refused ? "# refused_at_boot: rtnl-link-vxlan by systemd-network[210] uid "
				   "998 unit systemd-networkd.service module vxlan\n"
				   "# refused_at_boot: net-pf-16-proto-16-family-nl80211 by "
				   "systemd-network[210] uid 998 unit systemd-networkd.service "
				   "module -\n"
				 : "",
		netdevs ? "made" : "missing", netdevs ? "ok" : "not ok",
		door_open ? "net-pf-38 algif-aead" : "", door_open ? "algif_aead af_alg" : "",
		door_open ? "not ok" : "ok",
		level2 ? "# write 2: ok\n# requested: \n# loaded: \nok 5 level2_locks\n" : "");
}

static void boot_of(struct system_boot *b, char *text)
{
	memset(b, 0, sizeof(*b));
	b->ran = b->finished = true;
	b->parsed = system_result_parse(text, strlen(text), &b->result) == 0;
	free(text);
}

static void parse_document(void **state)
{
	(void)state;
	struct system_boot b;
	boot_of(&b, document("1", false, false, true, false));
	assert_true(b.parsed);
	const struct system_boot_result *r = &b.result;
	assert_int_equal(r->planned, 4);
	assert_int_equal(r->n_cases, 4);
	assert_int_equal(r->level, 1);
	assert_true(r->boot_seconds > 17.4 && r->boot_seconds < 17.6);
	/* lines of the same key join */
	assert_string_equal(r->modules_at_boot, "virtio_blk bridge nft_ct");
	assert_string_equal(r->modules_at_end, "virtio_blk bridge");
	assert_int_equal(r->n_boot_refused, 2);
	/* sorted by alias, whatever order the kernel logged them in */
	assert_string_equal(r->boot_refused[1].alias, "rtnl-link-vxlan");
	assert_string_equal(r->boot_refused[1].unit, "systemd-networkd.service");
	assert_string_equal(r->boot_refused[1].module, "vxlan");
	assert_string_equal(r->boot_refused[0].module, ""); /* "-": none */
	const struct system_case *c = system_result_case(r, "user_algif_aead");
	assert_non_null(c);
	assert_int_equal(c->kind, SYSCASE_DOOR);
	assert_true(c->ok);
	assert_false(system_result_case(r, "networkd_netdevs")->ok);
	assert_int_equal(system_case_kind_of("container_root_autoload"), SYSCASE_DOOR);
	assert_int_equal(system_case_kind_of("level2_locks"), SYSCASE_LEVEL2);
	assert_int_equal(system_case_kind_of("admin_link_bridge"), SYSCASE_SYSTEM);
	system_boot_free(&b);
	/* no KTAP at all: an empty results disk */
	struct system_boot_result none;
	assert_int_equal(system_result_parse("", 0, &none), -1);
	system_result_free(&none);
}

/* The four boots of a run: vanilla with the door open; patched at 0 likewise; at 1 the door
 * closed and networkd's vxlan refused; with the fixes everything ok. */
static void four_boots(struct system_run *r, bool fixed_ok, bool vanilla_door_open)
{
	memset(r, 0, sizeof(*r));
	r->kernel = strdup("6.1");
	r->suite = strdup("bookworm");
	r->config = strdup("debian:cloud-amd64");
	boot_of(&r->boots[SYSCFG_VANILLA], document("absent", true, vanilla_door_open, false, false));
	boot_of(&r->boots[SYSCFG_PATCHED_0], document("0", true, true, false, false));
	boot_of(&r->boots[SYSCFG_PATCHED_1], document("1", false, false, true, false));
	r->fixes = system_fixes_of(&r->boots[SYSCFG_PATCHED_1].result);
	boot_of(&r->boots[SYSCFG_PATCHED_FIXED], document("1", fixed_ok, false, false, true));
}

static void verdict_and_fixes(void **state)
{
	(void)state;
	struct system_run r;
	four_boots(&r, true, true);
	/* the refusal with a module becomes a line; the one no module serves does not */
	assert_string_equal(r.fixes, "vxlan\n");
	char *problems = system_verdict(&r);
	assert_string_equal(problems, "");
	free(problems);
	system_run_free(&r);

	/* the fixes do not make networkd work: a failure naming the workload */
	four_boots(&r, false, true);
	problems = system_verdict(&r);
	assert_non_null(strstr(problems, "networkd_netdevs failed, and still fails with the fixes"));
	free(problems);
	system_run_free(&r);

	/* every door closed on vanilla: level 1 proves nothing there */
	four_boots(&r, true, false);
	problems = system_verdict(&r);
	assert_non_null(strstr(problems, "every door is closed on vanilla"));
	free(problems);
	system_run_free(&r);

	/* a door whose action failed (nothing asked, nothing loaded): not tried, not open */
	four_boots(&r, true, true);
	system_boot_free(&r.boots[SYSCFG_PATCHED_1]);
	char *doc = document("1", false, false, true, false);
	char *ok3 = strstr(doc, "ok 3 user_algif_aead");
	assert_non_null(ok3);
	char *failed = xasprintf("%.*snot %s", (int)(ok3 - doc), doc, ok3);
	free(doc);
	boot_of(&r.boots[SYSCFG_PATCHED_1], failed);
	problems = system_verdict(&r);
	assert_non_null(strstr(problems, "user_algif_aead: not tried: its action failed"));
	assert_null(strstr(problems, "the door is open"));
	free(problems);
	char *table = system_table_md(&r);
	assert_non_null(strstr(table, "not tried: its action failed"));
	free(table);
	system_run_free(&r);

	/* a door vanilla could not try is no open door: it proves nothing there either */
	four_boots(&r, true, true);
	system_boot_free(&r.boots[SYSCFG_VANILLA]);
	doc = document("absent", true, false, false, false);
	ok3 = strstr(doc, "ok 3 user_algif_aead");
	assert_non_null(ok3);
	failed = xasprintf("%.*snot %s", (int)(ok3 - doc), doc, ok3);
	free(doc);
	boot_of(&r.boots[SYSCFG_VANILLA], failed);
	problems = system_verdict(&r);
	assert_non_null(strstr(problems, "every door is closed on vanilla"));
	free(problems);
	system_run_free(&r);

	/* a patched boot at 1 whose level is not 1: the package's default did not hold */
	four_boots(&r, true, true);
	system_boot_free(&r.boots[SYSCFG_PATCHED_1]);
	boot_of(&r.boots[SYSCFG_PATCHED_1], document("0", true, false, false, false));
	problems = system_verdict(&r);
	assert_non_null(strstr(problems, "not 1 at boot"));
	free(problems);
	/* a boot that stopped: named with its stage */
	free(r.boots[SYSCFG_VANILLA].problem);
	r.boots[SYSCFG_VANILLA].finished = false;
	r.boots[SYSCFG_VANILLA].problem = strdup("timed out in user_esp_in_userns");
	problems = system_verdict(&r);
	assert_non_null(strstr(problems, "vanilla: the boot did not finish: timed out in "
					  "user_esp_in_userns"));
	free(problems);
	system_run_free(&r);
}

static void deploying_section(void **state)
{
	(void)state;
	struct system_run r;
	four_boots(&r, true, true);
	char *md = system_deploying_md(&r);
	assert_non_null(strstr(md, SYSTEM_DEPLOYING_BEGIN));
	assert_non_null(strstr(md, SYSTEM_DEPLOYING_END));
	assert_non_null(strstr(md, "| `rtnl-link-vxlan` | systemd-networkd.service | at boot | vxlan | "
				   "`vxlan` in `/etc/modules-load.d/` |"));
	assert_non_null(strstr(md, "none needed: no module of this kernel serves it"));
	assert_non_null(strstr(md, "| networkd_netdevs | FAILED (refused: "
				   "net-pf-16-proto-16-family-nl80211, rtnl-link-vxlan) | ok |"));
	assert_non_null(strstr(md, "```\nvxlan\n```"));
	/* no time in it: the same text for a boot that took longer */
	r.boots[SYSCFG_PATCHED_1].result.boot_seconds = 99;
	char *again = system_deploying_md(&r);
	assert_string_equal(md, again);
	free(again);
	char *table = system_table_md(&r);
	assert_non_null(strstr(table, "| user_algif_aead | open: loaded algif_aead af_alg | open: "
				      "loaded algif_aead af_alg | closed | closed |"));
	assert_non_null(strstr(table, "| level2_locks | - | - | - | ok |"));
	free(table);
	free(md);
	system_run_free(&r);
}

static void image_recipe(void **state)
{
	(void)state;
	char *joined = system_packages_joined("# comment\nsystemd-sysv\n  udev  # the manager\n\nkmod\n");
	assert_string_equal(joined, "systemd-sysv,udev,kmod");
	char *mirrors[] = { "deb [signed-by=/k.gpg] http://m/debian bookworm main", NULL };
	char **argv = system_mmdebstrap_argv("bookworm", joined, "/c/b.tar.partial", mirrors);
	size_t n = fs_list_len(argv);
	assert_string_equal(argv[0], "mmdebstrap");
	assert_string_equal(argv[1], "--variant=minbase");
	assert_string_equal(argv[3], "--include=systemd-sysv,udev,kmod");
	assert_string_equal(argv[n - 3], "bookworm");
	assert_string_equal(argv[n - 2], "/c/b.tar.partial");
	assert_string_equal(argv[n - 1], mirrors[0]);
	fs_free_list(argv);
	free(joined);
}

static void stopped_stage(void **state)
{
	(void)state;
	char *s = system_boot_stage("[ 1.0] Linux\nhb-system: boot ...\nhb-system: ok boot\n"
				    "hb-system: user_esp_in_userns ...\n");
	assert_string_equal(s, "in user_esp_in_userns");
	free(s);
	s = system_boot_stage("[ 1.0] Linux version\n");
	assert_string_equal(s, "before hb-system started (the boot itself)");
	free(s);
	s = system_boot_stage("hb-system: 21 case(s), 0 not ok\n");
	assert_string_equal(s, "after 21 case(s), 0 not ok");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parse_document),
		cmocka_unit_test(verdict_and_fixes),
		cmocka_unit_test(deploying_section),
		cmocka_unit_test(image_recipe),
		cmocka_unit_test(stopped_stage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
