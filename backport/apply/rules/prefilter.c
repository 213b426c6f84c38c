// SPDX-License-Identifier: GPL-2.0-only
#include "prefilter.h"

#include "fsutil.h"
#include "msg.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <ftw.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct alternative {
	pcre2_code **all;	/* every one must match */
	size_t n;
};

struct prefilter {
	struct alternative *alt;
	size_t n;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	pcre2_jit_stack *stack;	/* the pk_pointers kind of expression recurses per character */
	char *key;		/* the lines read, one after the other */
};

void prefilter_free(struct prefilter *pf)
{
	if (!pf)
		return;
	for (size_t i = 0; i < pf->n; i++) {
		for (size_t k = 0; k < pf->alt[i].n; k++)
			pcre2_code_free(pf->alt[i].all[k]);
		free(pf->alt[i].all);
	}
	free(pf->alt);
	pcre2_match_data_free(pf->md);
	pcre2_match_context_free(pf->mc);
	pcre2_jit_stack_free(pf->stack);
	free(pf->key);
	free(pf);
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* REGEX, a POSIX extended regular expression, compiled by PCRE2 to match as regcomp() would
 * without REG_NEWLINE: "." and "[^x]" take line breaks, "^" is the start of the text and "$"
 * its end only. Whether a text matches at all is the same under POSIX's leftmost-longest rule
 * and PCRE2's leftmost-first one; PCRE2's JIT makes a walk over a whole tree several times
 * faster than glibc's regexec(). NULL with ERR when it does not compile. */
static pcre2_code *compile(const char *re, char *err, size_t errlen)
{
	int code;
	PCRE2_SIZE at;
	pcre2_code *c = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
				      PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY, &code, &at, NULL);
	if (!c) {
		PCRE2_UCHAR why[128];
		pcre2_get_error_message(code, why, sizeof(why));
		msg_format(err, errlen, "prefilter /%s/: %s at offset %zu", re, (char *)why,
			   (size_t)at);
		return NULL;
	}
	pcre2_jit_compile(c, PCRE2_JIT_COMPLETE); /* without a JIT, the interpreter matches */
	return c;
}

/* One "REGEX && REGEX" line into ALT; -1 with ERR on a bad expression. */
static int parse_line(char *line, struct alternative *alt, char *err, size_t errlen)
{
	memset(alt, 0, sizeof(*alt));
	for (char *part = line; part;) {
		char *next = strstr(part, "&&");
		if (next) {
			*next = '\0';
			next += 2;
		}
		char *re = trim(part);
		if (*re) {
			pcre2_code *c = compile(re, err, errlen);
			if (!c)
				return -1;
			alt->all = xrealloc(alt->all, (alt->n + 1) * sizeof(*alt->all));
			alt->all[alt->n++] = c;
		}
		part = next;
	}
	return 0;
}

struct prefilter *prefilter_load(const char *cocci, char *err, size_t errlen)
{
	return prefilter_load_tagged(cocci, PREFILTER_TAG, err, errlen);
}

struct prefilter *prefilter_load_tagged(const char *cocci, const char *tag, char *err,
					size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	char *text = fs_read_file(cocci, NULL);
	if (!text)
		return NULL;
	struct prefilter *pf = calloc(1, sizeof(*pf));
	pf->key = strdup("");
	int bad = 0;
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && !bad;
	     l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, tag, strlen(tag)) != 0)
			continue;
		char *key = xasprintf("%s%s\n", pf->key, l);
		free(pf->key);
		pf->key = key;
		pf->alt = xrealloc(pf->alt, (pf->n + 1) * sizeof(*pf->alt));
		bad = parse_line(l + strlen(tag), &pf->alt[pf->n], err, errlen);
		pf->n++;
	}
	free(text);
	if (bad || pf->n == 0) {
		prefilter_free(pf);
		return NULL;
	}
	pf->md = pcre2_match_data_create(1, NULL);
	pf->mc = pcre2_match_context_create(NULL);
	pf->stack = pcre2_jit_stack_create(32 * 1024, 8 * 1024 * 1024, NULL);
	if (!pf->md || !pf->mc || !pf->stack) {
		prefilter_free(pf);
		return NULL;
	}
	pcre2_jit_stack_assign(pf->mc, NULL, pf->stack);
	return pf;
}

/* Does RE match TEXT? A match that PCRE2 gives up on (its limits, on a huge file) keeps the
 * file: spatch then decides, as it would without the prefilter. */
static bool matches(const struct prefilter *pf, const pcre2_code *re, const char *text,
		    size_t len)
{
	return pcre2_match(re, (PCRE2_SPTR)text, len, 0, 0, pf->md, pf->mc) != PCRE2_ERROR_NOMATCH;
}

const char *prefilter_key(const struct prefilter *pf)
{
	return pf->key;
}

bool prefilter_match(const struct prefilter *pf, const char *text)
{
	size_t len = strlen(text);
	for (size_t i = 0; i < pf->n; i++) {
		bool all = pf->alt[i].n > 0;
		for (size_t k = 0; k < pf->alt[i].n && all; k++)
			all = matches(pf, pf->alt[i].all[k], text, len);
		if (all)
			return true;
	}
	return false;
}

/* nftw has no user pointer: the walk's state lives here for its duration. */
static struct {
	const struct prefilter *pf;
	char **files;
	size_t n;
} walk;

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type != FTW_F || !fs_is_c_or_header(path))
		return 0;
	char *text = walk.pf ? fs_read_file(path, NULL) : NULL;
	if (!walk.pf || (text && prefilter_match(walk.pf, text))) {
		fs_list_add(&walk.files, &walk.n, strdup(path));
	}
	free(text);
	return 0;
}

char **prefilter_files(const struct prefilter *pf, const char *tree)
{
	walk.pf = pf;
	walk.files = calloc(1, sizeof(char *));
	walk.n = 0;
	if (nftw(tree, visit, 64, FTW_PHYS) != 0) {
		prefilter_free_files(walk.files);
		walk.files = NULL;
		return NULL;
	}
	fs_sort_list(walk.files, walk.n);
	char **out = walk.files;
	walk.files = NULL;
	return out;
}

void prefilter_free_files(char **files)
{
	for (char **f = files; f && *f; f++)
		free(*f);
	free(files);
}
