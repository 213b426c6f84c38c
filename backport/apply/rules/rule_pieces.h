/* SPDX-License-Identifier: GPL-2.0-only */
/* A rule's pieces: what a working hardening needs, so that a feature is applied whole or
 * refused, never half. A rule names them in its header, one line each:
 *     // Piece: NAME: ERE
 * (NAME a few words, such as "autoload check"; ERE a POSIX extended regular expression). When
 * the rule changed a tree, every piece's ERE must match one of the lines its diff adds (a '+'
 * line, without the '+'); a piece that none matches makes the feature incomplete. spatch and
 * `make coccicheck` read these lines as comments; the rule's report mode says "incomplete:"
 * where it finds the structure a piece hangs on but not the piece's anchor. */
#ifndef HB_RULE_PIECES_H
#define HB_RULE_PIECES_H

#include <stdbool.h>
#include <stddef.h>

struct rule_pieces;

/* The Piece lines of the rule COCCI: NULL when it has none or cannot be read (ERR empty), or
 * when a line is malformed or its expression does not compile (ERR says which). */
struct rule_pieces *rule_pieces_load(const char *cocci, char *err, size_t errlen);
void rule_pieces_free(struct rule_pieces *p);
/* How many pieces P names. */
size_t rule_pieces_count(const struct rule_pieces *p);
/* The pieces DIFF adds no line for, "no a, no b" (malloc'd; "" when it is whole). */
char *rule_pieces_missing(const struct rule_pieces *p, const char *diff);
/* The same, but a piece DIFF lacks is there when a line of a .c or .h file of TREE (the tree
 * with DIFF applied; NULL: none) matches it: a tree that had part of the feature before. */
char *rule_pieces_missing_in_tree(const struct rule_pieces *p, const char *diff,
				  const char *tree);

/* Does the rule COCCI say, in report mode, where it finds a piece's structure but not its
 * anchor ("RULE: incomplete: no X (where it looked)")? */
bool rule_says_incomplete(const char *cocci);
/* What the "incomplete:" lines of a report say, "no X (...); no Y (...)" (malloc'd; "" when
 * none does). */
char *rule_report_incomplete(const char *report);

#endif
