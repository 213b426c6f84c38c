/* SPDX-License-Identifier: GPL-2.0-only */
/* kernel-hardening-checker's verdicts on one flavour: what its JSON mode (-m json) printed,
 * a list of {option_name, type, reason, decision, desired_val, check_result,
 * check_result_bool}, read into checks; and how they are kept in the per-kernel results
 * (flavours.FLAVOUR.hardening_checker). The tool exits 0 whatever it found: its JSON says. */
#ifndef HB_HARDENING_CHECK_H
#define HB_HARDENING_CHECK_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct hc_check {
	char *name;     /* "CONFIG_LEGACY_TIOCSTI", "kernel.kptr_restrict", "slab_nomerge" */
	char *type;     /* "kconfig", "cmdline", "sysctl" */
	char *reason;   /* "cut_attack_surface", "self_protection", ... */
	char *decision; /* whose recommendation: "kspp", "clipos", "grsec", "a13xp0p0v", ... */
	char *desired;  /* "is not set", "2", "y" */
	char *result;   /* "OK", "FAIL: \"y\"", "FAIL: is not found" */
	bool ok;
};

struct hc_checks {
	struct hc_check *v;
	size_t n, ok, fail;
};

/* The verdicts on one of the guest's dumps other than the boot one (sysctl_dump_format.h). */
struct hc_dump {
	char label[32];         /* "end" */
	char *modules_restrict; /* kernel.modules_restrict in that dump, NULL: no such sysctl */
	size_t ok, fail;
	char *differs;          /* the checks whose verdict differs from the boot dump's: "a, b",
				 * NULL: none */
};

#define HC_DUMPS_MAX 4

/* What the run learnt from the tool on one flavour. */
struct hc_flavour {
	bool ran;         /* its verdicts are in boot */
	char *problem;    /* why it did not run, or what went wrong (malloc'd), NULL: none */
	char *version;    /* the tool's Debian version */
	char *source;     /* where it came from */
	char *modules_restrict; /* at boot, NULL: no such sysctl */
	char *cmdline;    /* the command line judged */
	struct hc_checks boot; /* its verdicts on .config + command line + the boot dump */
	struct hc_dump dumps[HC_DUMPS_MAX];
	size_t n_dumps;
};

/* The tool's JSON output TEXT (LEN bytes). 0, or -1 with what is wrong (the entry, the field)
 * in err; OUT is then empty. */
int hc_checks_parse(const char *text, size_t len, struct hc_checks *out, char *err,
		    size_t errlen);
void hc_checks_free(struct hc_checks *c);
/* The check of C that NAME (its option_name) and DECISION (NULL: any) name, or NULL. */
const struct hc_check *hc_checks_find(const struct hc_checks *c, const char *name,
				      const char *decision);
/* Do A and B speak of the same check (name, type, decision, reason, desired value)? */
bool hc_check_same(const struct hc_check *a, const struct hc_check *b);

void hc_flavour_free(struct hc_flavour *f);
void hc_flavour_move(struct hc_flavour *to, struct hc_flavour *from);
/* JSON null when the tool did not run and no problem was recorded. */
json_t *hc_flavour_to_json(const struct hc_flavour *f);
/* From such an object; NULL or JSON null give "did not run". 0, or -1 with the field in err. */
int hc_flavour_from_json(const json_t *v, struct hc_flavour *f, char *err, size_t errlen);

#endif
