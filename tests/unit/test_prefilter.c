// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the rules' file prefilter ("// Prefilter: RE && RE" header lines). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fsutil.h"
#include "prefilter.h"
#include "test_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/hb-test-prefilter-XXXXXX";
SCRATCH_DIR_GROUP(dir)

static struct prefilter *load(const char *header, char *err, size_t errlen)
{
	put(dir, "rule.cocci", header);
	char *path = fs_join(dir, "rule.cocci");
	struct prefilter *pf = prefilter_load(path, err, errlen);
	free(path);
	return pf;
}

/* Two alternatives, the first of two parts (pk_pointers' header until it matched calls). */
static const char pk_header[] =
	"/// a rule\n"
	"// Options: --no-includes\n"
	"// Prefilter: %[-+ #0-9.*hlLzZtj]*p([^A-Za-z0-9]|$)|%pK && seq_printf|sysfs_emit|sprintf\n"
	"// Prefilter: kptr_restrict|char \\*pointer\\(\n"
	"virtual patch\n";

static void every_part_of_a_line_must_match(void **state)
{
	(void)state;
	char err[256];
	struct prefilter *pf = load(pk_header, err, sizeof(err));
	assert_non_null(pf);
	assert_true(prefilter_match(pf, "seq_printf(m, \"%p\\n\", x);"));
	assert_true(prefilter_match(pf, "seq_printf(m, \"%-16p %d\", x, 1);"));
	assert_true(prefilter_match(pf, "seq_printf(m, \"%pK\\n\", x);"));       /* report: present */
	assert_false(prefilter_match(pf, "pr_info(\"%p\\n\", x);"));              /* no printer */
	assert_false(prefilter_match(pf, "seq_printf(m, \"%pS %d\\n\", f, 1);")); /* extension only */
	assert_false(prefilter_match(pf, "seq_printf(m, \"%s\\n\", s);"));
	assert_true(prefilter_match(pf, "int kptr_restrict __read_mostly;"));    /* second line */
	assert_true(prefilter_match(pf, "static char *pointer(const char *fmt, char *buf)"));
	prefilter_free(pf);
}

/* pk_pointers' header today: a printer's call whose arguments, up to its ';', hold a string
 * with a bare %p or a %pK, matched over the file's whole text. */
static const char pk_call_header[] =
	"// Prefilter: (seq_printf|sprintf)[[:space:]]*\\(([^;\"]|\"([^\"\\\\]|\\\\.)*\")*"
	"\"([^\"\\\\]|\\\\.)*%([-+ #0-9.*hlLzZtj]*p([^A-Za-z0-9]|$)|pK)\n";

static void a_call_matches_across_its_lines_and_stops_at_its_end(void **state)
{
	(void)state;
	char err[256];
	struct prefilter *pf = load(pk_call_header, err, sizeof(err));
	assert_non_null(pf);
	assert_true(prefilter_match(pf, "seq_printf(m, \"%p\\n\", x);"));
	assert_true(prefilter_match(pf, "seq_printf(m,\n\t\"a; b\"\n\t\" at %p\\n\",\n\tx);"));
	assert_true(prefilter_match(pf, "sprintf(buf, \"\\\"%s\\\" %pK\", s, p);"));
	assert_true(prefilter_match(pf, "seq_printf(m, \"%p\", x);\n")); /* %p at the literal's end */
	assert_false(prefilter_match(pf, "seq_printf(m, \"%d\", 1);\npr_info(\"%p\", x);"));
	assert_false(prefilter_match(pf, "seq_printf(m, \"%pS\", f);"));
	assert_false(prefilter_match(pf, "seq_printf(m, \"%d\\n\", 1); /* %p */"));
	prefilter_free(pf);
}

/* The expressions read as POSIX extended ones over the whole text, without REG_NEWLINE (what
 * the header promises, whatever engine matches them): "." and a negated class take a line
 * break, "^" is the start of the text and "$" its very end, not the end of a line. */
static void posix_whole_text_semantics(void **state)
{
	(void)state;
	char err[256];
	struct prefilter *pf = load("// Prefilter: ^int a && x.y && b[^;]c && z$\n", err, sizeof(err));
	assert_non_null(pf);
	assert_true(prefilter_match(pf, "int a; x\ny b\nc; z"));
	assert_false(prefilter_match(pf, "/* */\nint a; x\ny b\nc; z"));	/* ^: text start only */
	assert_false(prefilter_match(pf, "int a; x\ny b\nc; z\n"));	/* $: text end only */
	assert_false(prefilter_match(pf, "int a; x\ny b;c; z"));
	prefilter_free(pf);
	pf = load("// Prefilter: static[[:space:]]+struct[[:space:]]+(file|proc)_ops[[:space:]]\n",
		  err, sizeof(err));
	assert_non_null(pf);
	assert_true(prefilter_match(pf, "static\n\tstruct  proc_ops\tx;"));
	assert_false(prefilter_match(pf, "static struct seq_ops x;"));
	prefilter_free(pf);
}

/* Each tag reads its own lines: the driver's check that a change is whole uses the
 * Incomplete-in ones, its patch and report runs the Prefilter ones. */
static void a_tag_reads_only_its_lines(void **state)
{
	(void)state;
	char err[256];
	static const char header[] = "// Prefilter: seq_printf\n"
				     "// Incomplete-in: char[[:space:]]*\\*[[:space:]]*pointer\\(\n";
	put(dir, "rule.cocci", header);
	char *path = fs_join(dir, "rule.cocci");
	struct prefilter *pf = prefilter_load_tagged(path, INCOMPLETE_IN_TAG, err, sizeof(err));
	assert_non_null(pf);
	assert_true(prefilter_match(pf, "static char *pointer(const char *fmt)"));
	assert_false(prefilter_match(pf, "seq_printf(m, \"%p\", x);"));
	prefilter_free(pf);
	pf = prefilter_load(path, err, sizeof(err));
	assert_non_null(pf);
	assert_false(prefilter_match(pf, "static char *pointer(const char *fmt)"));
	assert_true(prefilter_match(pf, "seq_printf(m, \"%p\", x);"));
	prefilter_free(pf);
	put(dir, "rule.cocci", "// Prefilter: seq_printf\n");
	assert_null(prefilter_load_tagged(path, INCOMPLETE_IN_TAG, err, sizeof(err)));
	assert_string_equal(err, ""); /* none: the driver then uses the Prefilter lines */
	free(path);
}

static void no_line_means_no_prefilter_and_bad_regex_is_named(void **state)
{
	(void)state;
	char err[256];
	assert_null(load("/// a rule\nvirtual patch\n", err, sizeof(err)));
	assert_string_equal(err, "");
	assert_null(load("// Prefilter: ok && bad(\n", err, sizeof(err)));
	assert_non_null(strstr(err, "prefilter /bad(/"));
}

static void files_of_a_tree_sorted_c_and_h_only(void **state)
{
	(void)state;
	char err[256];
	put(dir, "tree/net/b.c", "seq_printf(m, \"%p\\n\", p);\n");
	put(dir, "tree/fs/a.h", "sprintf(buf, \"at %p\\n\", p);\n");
	put(dir, "tree/fs/quiet.c", "seq_printf(m, \"%d\\n\", 1);\n");
	put(dir, "tree/Documentation/x.txt", "seq_printf(m, \"%p\\n\", p);\n");
	put(dir, "tree/lib/vsprintf.c", "static char *pointer(const char *fmt)\n");
	struct prefilter *pf = load(pk_header, err, sizeof(err));
	char *tree = fs_join(dir, "tree");
	char **files = prefilter_files(pf, tree);
	assert_non_null(files);
	char want[3][512];
	snprintf(want[0], sizeof(want[0]), "%s/fs/a.h", tree);
	snprintf(want[1], sizeof(want[1]), "%s/lib/vsprintf.c", tree);
	snprintf(want[2], sizeof(want[2]), "%s/net/b.c", tree);
	for (int i = 0; i < 3; i++) {
		assert_non_null(files[i]);
		assert_string_equal(files[i], want[i]);
	}
	assert_null(files[3]);
	prefilter_free_files(files);
	char *missing = fs_join(dir, "no-such-tree");
	assert_null(prefilter_files(pf, missing));
	free(missing);
	free(tree);
	prefilter_free(pf);
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_part_of_a_line_must_match),
		cmocka_unit_test(a_call_matches_across_its_lines_and_stops_at_its_end),
		cmocka_unit_test(posix_whole_text_semantics),
		cmocka_unit_test(a_tag_reads_only_its_lines),
		cmocka_unit_test(no_line_means_no_prefilter_and_bad_regex_is_named),
		cmocka_unit_test(files_of_a_tree_sorted_c_and_h_only),
	};
	return cmocka_run_group_tests_name("prefilter", tests, setup, teardown);
}
