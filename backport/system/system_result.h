/* SPDX-License-Identifier: GPL-2.0-only */
/* What one boot of the Debian system showed: the KTAP document hb-system wrote to the results
 * disk (test-system/src/workload.h says what each case and diagnostic means), as typed data. */
#ifndef HB_SYSTEM_RESULT_H
#define HB_SYSTEM_RESULT_H

#include <stdbool.h>
#include <stddef.h>

/* The kind of a case, from its name's prefix (test-system/src/workload.h). */
enum system_case_kind {
	SYSCASE_SYSTEM, /* what a system does: ok when it worked */
	SYSCASE_DOOR,   /* user_*, container_root_*: ok when the door is closed */
	SYSCASE_LEVEL2, /* level2_*: kernel.modules_restrict=2 set after boot */
};

struct system_refusal {
	char *alias;
	char *comm;
	long uid;
	char *unit;   /* "" when unknown */
	char *module; /* "" when no module serves the alias */
};

struct system_case {
	char *name;
	enum system_case_kind kind;
	bool ok;
	bool missing;     /* planned, never reported (the guest stopped before it) */
	char *requested;  /* the aliases the kernel asked modprobe for, space-separated */
	char *loaded;     /* the modules that loaded, space-separated */
	struct system_refusal *refused;
	size_t n_refused;
	char *detail;     /* the case's own last diagnostic (what it saw), "" if none */
};

struct system_boot_result {
	double boot_seconds;      /* to multi-user.target; < 0 unknown */
	long level;               /* kernel.modules_restrict at boot, -1 when absent */
	char *failed_units;       /* space-separated, "" for none */
	char *modules_at_boot;
	char *modules_at_end;
	char *requested_at_boot;
	struct system_refusal *boot_refused; /* refused before hb-system started */
	size_t n_boot_refused;
	struct system_case *cases;
	size_t n_cases;
	int planned;
};

/* Parses the KTAP TEXT (LEN bytes) into R. 0, or -1 when it holds no KTAP document. */
int system_result_parse(const char *text, size_t len, struct system_boot_result *r);
void system_result_free(struct system_boot_result *r);
enum system_case_kind system_case_kind_of(const char *name);
/* The case NAME of R, or NULL. */
/* Is case NAME a door whose opening is an injection (TIOCSTI), which asks nothing of modprobe? */
bool system_case_injects(const char *name);
/* A door that is not closed although the kernel asked for nothing and loaded nothing (and no
 * injection is at stake): the action failed before it could open anything. */
bool system_case_not_tried(const struct system_case *c);
const struct system_case *system_result_case(const struct system_boot_result *r,
					     const char *name);
/* Whether WORD is one of the space-separated words of LIST. */
bool system_words_has(const char *list, const char *word);
/* How many space-separated words LIST has. */
size_t system_words_count(const char *list);

#endif
