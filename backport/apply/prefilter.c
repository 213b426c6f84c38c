// SPDX-License-Identifier: GPL-2.0-only
#include "prefilter.h"

#include "fsutil.h"
#include "msg.h"

#include <ftw.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFILTER_TAG "// Prefilter:"

struct alternative {
	regex_t *all;	/* every one must match */
	size_t n;
};

struct prefilter {
	struct alternative *alt;
	size_t n;
};

void prefilter_free(struct prefilter *pf)
{
	if (!pf)
		return;
	for (size_t i = 0; i < pf->n; i++) {
		for (size_t k = 0; k < pf->alt[i].n; k++)
			regfree(&pf->alt[i].all[k]);
		free(pf->alt[i].all);
	}
	free(pf->alt);
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
			alt->all = xrealloc(alt->all, (alt->n + 1) * sizeof(regex_t));
			int rc = regcomp(&alt->all[alt->n], re, REG_EXTENDED | REG_NOSUB);
			if (rc != 0) {
				char why[128];
				regerror(rc, &alt->all[alt->n], why, sizeof(why));
				msg_format(err, errlen, "prefilter /%s/: %s", re, why);
				return -1;
			}
			alt->n++;
		}
		part = next;
	}
	return 0;
}

struct prefilter *prefilter_load(const char *cocci, char *err, size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	char *text = fs_read_file(cocci, NULL);
	if (!text)
		return NULL;
	struct prefilter *pf = calloc(1, sizeof(*pf));
	int bad = 0;
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && !bad;
	     l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, PREFILTER_TAG, strlen(PREFILTER_TAG)) != 0)
			continue;
		pf->alt = xrealloc(pf->alt, (pf->n + 1) * sizeof(*pf->alt));
		bad = parse_line(l + strlen(PREFILTER_TAG), &pf->alt[pf->n], err, errlen);
		pf->n++;
	}
	free(text);
	if (bad || pf->n == 0) {
		prefilter_free(pf);
		return NULL;
	}
	return pf;
}

bool prefilter_match(const struct prefilter *pf, const char *text)
{
	for (size_t i = 0; i < pf->n; i++) {
		bool all = pf->alt[i].n > 0;
		for (size_t k = 0; k < pf->alt[i].n && all; k++)
			all = regexec(&pf->alt[i].all[k], text, 0, NULL, 0) == 0;
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
	size_t len = strlen(path);
	if (type != FTW_F || len < 2 || path[len - 2] != '.' ||
	    (path[len - 1] != 'c' && path[len - 1] != 'h'))
		return 0;
	char *text = walk.pf ? fs_read_file(path, NULL) : NULL;
	if (!walk.pf || (text && prefilter_match(walk.pf, text))) {
		walk.files = xrealloc(walk.files, (walk.n + 2) * sizeof(char *));
		walk.files[walk.n++] = strdup(path);
		walk.files[walk.n] = NULL;
	}
	free(text);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
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
	qsort(walk.files, walk.n, sizeof(char *), by_name);
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
