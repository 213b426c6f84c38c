/* SPDX-License-Identifier: GPL-2.0-only */
/* The hardenings: each one semantic patch under cocci/, with what a maintainer needs to send
 * its patch (subject, why) and its sysctl documentation, if it has one. */
#ifndef HB_FEATURE_TABLE_H
#define HB_FEATURE_TABLE_H

#include "ctx.h"

#include <stdbool.h>
#include <stddef.h>

/* A check of kernel-hardening-checker that speaks of a feature: its option_name, and why the
 * patched kernel may still FAIL it (the series' default, where it differs from the tool's
 * recommendation; README.md has the table). */
struct feature_check {
	const char *name;
	const char *why_fail;
};

/* A fix of another subsystem that a feature's rule also makes (the part of its diff in one
 * file), found while testing the feature: sent as a patch of its own, before the feature's,
 * with its own subject and message and a Fixes: tag, so that it can go to its subsystem and to
 * stable alone. */
struct feature_split {
	const char *path;    /* the file of the diff that is the fix: "net/tipc/crypto.c" */
	const char *suffix;  /* its patch is NNNN-NAME-SUFFIX.patch */
	const char *subject; /* the patch's Subject, after "[PATCH] " */
	const char *why;     /* its message */
	const char *fixes;   /* the Fixes: tag's value, "12-char-sha (\"subject\")" */
};

/* A sysctl kernel.NAME the driver documents in the tree's sysctl documentation when the
 * feature's C change adds it ("NAME" among the added lines). */
struct sysctl_doc {
	const char *name;
	const char *body; /* its paragraph, lines separated by '\n', without a final one */
};

/* At most FEATURE_SYSCTLS_MAX sysctls a feature (io_uring_restrict has two). */
#define FEATURE_SYSCTLS_MAX 2

struct feature {
	const char *name;        /* cocci/NAME.cocci */
	const char *subject;     /* the patch's Subject, after "[PATCH] " */
	const char *why;         /* paragraph for the patch description */
	/* The sysctls the driver documents, in this order; unused slots have no name. */
	struct sysctl_doc sysctls[FEATURE_SYSCTLS_MAX];
	/* A kernel command-line parameter the C change adds ("NAME=", __setup("NAME=", ...)),
	 * documented by the driver in the tree's kernel-parameters.txt, or NULL; PARAM_DOC its
	 * entry's lines after the name, '\n' between them. */
	const char *param;
	const char *param_doc;
	/* A fix of another subsystem in the rule's diff, sent as a patch of its own, or NULL. */
	const struct feature_split *split;
	/* Coccinelle 1.1.1 prints a ctl_table entry the rule builds from a multi-line
	 * identifier with a blank line before its closing brace: the driver drops it from the
	 * diff (diff_tidy.h) before writing it; spatch alone leaves it. */
	bool drop_blank_before_brace;
	/* A Kconfig option the C change reads (CONFIG_SYMBOL, behind #ifdef, so that the
	 * change builds without it too): added before "config ANCHOR" in the first of FILES
	 * that declares ANCHOR, when the C diff names it and the tree lacks it. */
	const char *kconfig_symbol;
	const char *kconfig_anchor;
	/* Where no file declares ANCHOR: right after the entry of "config AFTER" in the first of
	 * FILES that declares it (NULL: nowhere). */
	const char *kconfig_after;
	const char *const *kconfig_files; /* NULL-terminated, relative to the tree */
	const char *kconfig_entry;        /* whole lines, each ending in '\n' */
	/* Every .c file the rule changes is compiled (allmodconfig); a file that builds
	 * without the change and not with it is left out of the patch. */
	bool compiler_decides;
	/* A tree where the rule changes nothing has the feature (there is nothing left to
	 * do): its report lists what it keeps unchanged, and why. */
	bool nothing_left_is_present;
	/* What the patch made that the test stage proves in the built kernel: apply writes
	 * MANIFEST_OF(its diff) to CACHE/work/NAME/MANIFEST when the feature changed the tree;
	 * the test stage packs it into the guest as /hb/MANIFEST and checks its symbols in the
	 * vmlinux (a suite proven by PROOF_BUILT_IN_TABLES reads it). NULL: none. */
	const char *manifest;
	char *(*manifest_of)(const char *diff);
	/* A guest suite of PROOF_MEASUREMENT that measures what this feature closes (suites.def),
	 * and the sentence the Markdown report puts under that measurement's table (what the
	 * patched kernel ran at); NULL: none. */
	const char *measured_by;
	const char *measured_note;
	/* kernel-hardening-checker's checks of it ({NULL, NULL}-terminated; NULL: none), and what
	 * of it the tool has no check for (NULL: nothing), said beside its verdicts rather than
	 * left out. */
	const struct feature_check *checker;
	const char *checker_lacks;
	/* What the verdict of this feature does and does not say on a tree from version
	 * NOTE_SINCE (major * 1000 + minor: 4015 for 4.15) on, when apply changed it: run prints
	 * it under its summary and matrix.md under the verdicts, the row marked "(note N)".
	 * NULL: none. */
	const char *verdict_note;
	int verdict_note_since;
};

/* At most FEATURES_MAX features: a selection is a mask of their bits in an unsigned. */
#define FEATURES_MAX 32
extern const struct feature features[];
extern const size_t features_count;

/* How a guest suite's results prove its feature, and so what vanilla is expected to show. */
enum suite_proof {
	PROOF_REGRESSION,  /* no feature: must pass on both flavours (the smoke) */
	PROOF_MEASUREMENT, /* no feature: a measurement, passes on both when it could measure */
	PROOF_GUEST,       /* the kernel's behaviour: vanilla fails when apply added the feature */
	PROOF_TEST_MODULE, /* a test module the rules convert on the patched flavour only:
			    * vanilla fails whatever apply found in the tree */
	PROOF_BUILT_IN_TABLES, /* the feature's manifest, in the guest: vanilla fails when some
				* of its symbols are built in (nm on the vmlinux says) */
	PROOF_ON_REQUEST,  /* run only when asked for (hb.only=NAME), never judged here */
	PROOF_DIFFERENTIAL, /* no feature: its cases are compared, vanilla with patched, one by
			     * one (a case ok on vanilla and not ok on patched is a regression);
			     * the suite's own ok or not ok judges nothing */
};

struct guest_suite {
	const char *name;    /* the guest's /hb/tests/NAME, its KTAP subtest */
	const char *feature; /* the feature it proves, or NULL */
	enum suite_proof proof;
};

/* At most GUEST_SUITES_MAX suites in suites.def (checked when it compiles): the test stage keeps
 * a verdict for each in a fixed array. */
#define GUEST_SUITES_MAX 16

/* Every suite of suites.def, in run order. */
extern const struct guest_suite guest_suites[];
extern const size_t guest_suites_count;

const struct feature *feature_find(const char *name);
/* F's verdict_note when it applies to a tree of VERSION ("6.1.192-3", "5.15.100"; one whose
 * major.minor cannot be read counts as applying), else NULL. */
const char *feature_verdict_note(const struct feature *f, const char *version);
/* The number of F's note among the features that have one (1, 2, ...), or 0. */
int feature_note_number(const struct feature *f);
/* The feature whose measured_by is SUITE, or NULL. */
const struct feature *feature_measured_by(const char *suite);
/* The features a run applies and tests, as a mask over features[]: CTX's selection
 * (ctx->features), or every feature when it has none. */
unsigned features_selected(const struct hb_ctx *ctx);
/* Parses "a,b,c" into a selection mask over features[]; -1 with the unknown name in err. */
int features_select(const char *list, unsigned *mask, char *err, size_t errlen);

#endif
