/* SPDX-License-Identifier: GPL-2.0-only */
/* What apply found for a feature in a tree: one word for every stage and report. */
#ifndef HB_FEATURE_OUTCOME_H
#define HB_FEATURE_OUTCOME_H

enum feature_outcome {
	OUTCOME_UNKNOWN,        /* apply did not run it (or its record is gone) */
	OUTCOME_CHANGED,        /* the rule changed the tree */
	OUTCOME_PRESENT,        /* the tree has the feature already */
	OUTCOME_NOT_APPLICABLE, /* nothing to change, nothing found */
	OUTCOME_FAILED,         /* spatch or a later step failed */
	OUTCOME_INCOMPLETE,     /* the rule changed the tree but missed a piece: refused */
	OUTCOME_DOES_NOT_COMPILE, /* a C file it changed builds without it, not with it: refused */
	OUTCOMES,
};

/* Its word in files and JSON ("changed", "present", "not-applicable", ...). */
const char *feature_outcome_id(enum feature_outcome o);
/* The outcome of an id, or -1. */
int feature_outcome_from_id(const char *id);
/* Its words for people ("present already", "not applicable", "INCOMPLETE", ...). */
const char *feature_outcome_text(enum feature_outcome o);

#endif
