// SPDX-License-Identifier: GPL-2.0-only
#include "rule_pieces.h"

#include "fsutil.h"
#include "msg.h"
#include "prefilter.h"
#include "text_list.h"

#include <regex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define PIECE_TAG "// Piece:"

struct piece {
	char *name;
	regex_t re;      /* one line */
	regex_t re_text; /* a file's whole text (REG_NEWLINE: ^ and $ at each line) */
	char *literal;   /* a word every match holds, to pass over files quickly, or NULL */
};

struct rule_pieces {
	struct piece *piece;
	size_t n;
};

void rule_pieces_free(struct rule_pieces *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++) {
		free(p->piece[i].name);
		free(p->piece[i].literal);
		regfree(&p->piece[i].re);
		regfree(&p->piece[i].re_text);
	}
	free(p->piece);
	free(p);
}

size_t rule_pieces_count(const struct rule_pieces *p)
{
	return p ? p->n : 0;
}

static char *trimmed(const char *s, size_t len)
{
	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	return strndup(s, len);
}

/* The longest word ([A-Za-z0-9_], 4 or more) that every match of RE holds, or NULL: taken only
 * from an expression without alternatives at its top, outside brackets, groups and escapes,
 * and without a last character that an operator after it could drop. */
static char *required_word(const char *re)
{
	static const char word_chars[] = "abcdefghijklmnopqrstuvwxyz"
					 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
	const char *best = NULL;
	size_t best_len = 0;
	int depth = 0;
	for (const char *s = re; *s;) {
		if (*s == '\\') {
			s += s[1] ? 2 : 1;
		} else if (*s == '[') {
			s++;
			s += *s == '^';
			s += *s == ']';
			while (*s && *s != ']')
				s += s[0] == '[' && s[1] == ':' ? 2 + strcspn(s + 2, "]") + 1 : 1;
			s += *s == ']';
		} else if (*s == '(' || *s == ')') {
			depth += *s == '(' ? 1 : -1;
			s++;
		} else if (*s == '|' && !depth) {
			return NULL; /* alternatives: no word is in every match */
		} else if (strchr(word_chars, *s)) {
			size_t n = strspn(s, word_chars);
			size_t keep = s[n] && strchr("*?{", s[n]) ? n - 1 : n;
			if (!depth && keep > best_len) {
				best = s;
				best_len = keep;
			}
			s += n;
		} else {
			s++;
		}
	}
	return best_len >= 4 ? strndup(best, best_len) : NULL;
}

/* "NAME: ERE" (after the tag) into P's next piece; -1 with ERR. */
static int parse_piece(struct rule_pieces *p, const char *line, size_t len, char *err,
		       size_t errlen)
{
	const char *colon = memchr(line, ':', len);
	char *name = colon ? trimmed(line, (size_t)(colon - line)) : NULL;
	char *re = colon ? trimmed(colon + 1, len - (size_t)(colon + 1 - line)) : NULL;
	int rc = -1;
	if (!name || !*name || !re || !*re) {
		msg_format(err, errlen, "piece line '%.*s': want NAME: REGEX", (int)len, line);
	} else {
		struct piece *grown = realloc(p->piece, (p->n + 1) * sizeof(*grown));
		if (!grown) {
			msg_format(err, errlen, "piece %s: out of memory", name);
		} else {
			p->piece = grown;
			struct piece *n = &grown[p->n];
			int bad = regcomp(&n->re, re, REG_EXTENDED | REG_NOSUB);
			if (bad) {
				char why[128];
				regerror(bad, &n->re, why, sizeof(why));
				msg_format(err, errlen, "piece %s /%s/: %s", name, re, why);
			} else if (regcomp(&n->re_text, re, REG_EXTENDED | REG_NOSUB | REG_NEWLINE)) {
				regfree(&n->re);
				msg_format(err, errlen, "piece %s /%s/: does not compile", name, re);
			} else {
				n->name = name;
				n->literal = required_word(re);
				p->n++;
				name = NULL;
				rc = 0;
			}
		}
	}
	free(name);
	free(re);
	return rc;
}

struct rule_pieces *rule_pieces_load(const char *cocci, char *err, size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	char *text = fs_read_file(cocci, NULL);
	if (!text)
		return NULL;
	struct rule_pieces *p = calloc(1, sizeof(*p));
	bool ok = p != NULL;
	for (const char *l = text; ok && l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t len = strcspn(l, "\n");
		size_t tag = strlen(PIECE_TAG);
		if (len > tag && strncmp(l, PIECE_TAG, tag) == 0)
			ok = parse_piece(p, l + tag, len - tag, err, errlen) == 0;
	}
	free(text);
	if (!ok || !p->n) {
		rule_pieces_free(p);
		return NULL;
	}
	return p;
}

/* Does a line DIFF adds match RE? */
static bool adds_match(const regex_t *re, const char *diff)
{
	bool found = false;
	for (const char *l = diff; !found && l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (l[0] != '+' || strncmp(l, "+++ ", 4) == 0)
			continue;
		char *line = strndup(l + 1, strcspn(l + 1, "\n"));
		found = line && regexec(re, line, 0, NULL, 0) == 0;
		free(line);
	}
	return found;
}

char *rule_pieces_missing_in_tree(const struct rule_pieces *p, const char *diff,
				  const char *tree)
{
	bool *found = calloc(p ? p->n + 1 : 1, sizeof(bool));
	size_t left = 0;
	for (size_t i = 0; p && i < p->n; i++)
		left += !(found[i] = adds_match(&p->piece[i].re, diff));
	char **files = left && tree ? prefilter_files(NULL, tree) : NULL;
	for (char **f = files; f && *f && left; f++) {
		char *text = fs_read_file(*f, NULL);
		for (size_t i = 0; text && i < p->n; i++) {
			if (found[i] || (p->piece[i].literal && !strstr(text, p->piece[i].literal)))
				continue;
			if (regexec(&p->piece[i].re_text, text, 0, NULL, 0) == 0) {
				found[i] = true;
				left--;
			}
		}
		free(text);
	}
	prefilter_free_files(files);
	char *missing = strdup("");
	for (size_t i = 0; p && missing && i < p->n; i++) {
		if (found[i])
			continue;
		char *piece = xasprintf("no %s", p->piece[i].name);
		text_list_add(&missing, piece);
		free(piece);
	}
	free(found);
	return missing;
}

char *rule_pieces_missing(const struct rule_pieces *p, const char *diff)
{
	return rule_pieces_missing_in_tree(p, diff, NULL);
}

bool rule_says_incomplete(const char *cocci)
{
	char *text = fs_read_file(cocci, NULL);
	bool says = text && strstr(text, "incomplete:");
	free(text);
	return says;
}

char *rule_report_incomplete(const char *report)
{
	char *what = strdup("");
	for (const char *l = report; what && l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t len = strcspn(l, "\n");
		const char *at = memmem(l, len, "incomplete: ", 12);
		if (!at)
			continue;
		at += 12;
		char *more = xasprintf("%s%s%.*s", what, *what ? "; " : "",
				       (int)(len - (size_t)(at - l)), at);
		free(what);
		what = more;
	}
	return what;
}
