// SPDX-License-Identifier: GPL-2.0-only
#include "prefilter_memo.h"

#include "fnv_hash.h"
#include "fsutil.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What a file was when the memo read it, and which prefilters kept it (bit i: keys[i]). */
struct noted {
	char *path;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	uint32_t kept;
};

struct prefilter_memo {
	char *tree;
	char *keys[PREFILTER_MEMO_MAX];
	size_t n_keys;
	struct noted *files;
	size_t n, cap;
	size_t *slots;	/* open addressing by path: index + 1 into files, 0 for free */
	size_t n_slots;	/* a power of two, more than twice n */
};

static bool same_state(const struct noted *f, const struct stat *st)
{
	return f->dev == st->st_dev && f->ino == st->st_ino && f->size == st->st_size &&
	       f->mtime.tv_sec == st->st_mtim.tv_sec && f->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

static size_t slot_of(const struct prefilter_memo *m, const char *path)
{
	size_t mask = m->n_slots - 1;
	size_t s = fnv1a_hash(path, strlen(path)) & mask;
	while (m->slots[s] && strcmp(m->files[m->slots[s] - 1].path, path) != 0)
		s = (s + 1) & mask;
	return s;
}

static void grow_slots(struct prefilter_memo *m)
{
	free(m->slots);
	m->n_slots = m->n_slots ? m->n_slots * 2 : 1024;
	m->slots = calloc(m->n_slots, sizeof(size_t));
	for (size_t i = 0; i < m->n; i++)
		m->slots[slot_of(m, m->files[i].path)] = i + 1;
}

static void note(struct prefilter_memo *m, const char *path, const struct stat *st,
		 uint32_t kept)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 4096;
		m->files = xrealloc(m->files, m->cap * sizeof(*m->files));
	}
	m->files[m->n] = (struct noted){ strdup(path), st->st_dev, st->st_ino, st->st_size,
					 st->st_mtim, kept };
	m->n++;
	if (2 * m->n >= m->n_slots)
		grow_slots(m);
	else
		m->slots[slot_of(m, path)] = m->n;
}

static const struct noted *find(const struct prefilter_memo *m, const char *path)
{
	size_t s = slot_of(m, path);
	return m->slots[s] ? &m->files[m->slots[s] - 1] : NULL;
}

/* nftw has no user pointer: a walk's state lives here for its duration. */
static struct {
	struct prefilter_memo *m;	/* making: the memo, */
	struct prefilter *const *pfs;	/* and the prefilters, keys[i]'s at i */
	const struct prefilter_memo *memo; /* answering: from MEMO, */
	const struct prefilter *pf;	/* about the one asked about, bit BIT */
	int bit;
	char **files;
	size_t n;
} walk;

static int read_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type != FTW_F || !fs_is_c_or_header(path))
		return 0;
	char *text = fs_read_file(path, NULL);
	uint32_t kept = 0;
	for (size_t i = 0; text && i < walk.m->n_keys; i++)
		if (prefilter_match(walk.pfs[i], text))
			kept |= 1u << i;
	free(text);
	note(walk.m, path, st, kept);
	return 0;
}

struct prefilter_memo *prefilter_memo_make(const char *tree, struct prefilter *const *pfs,
					   size_t n)
{
	struct prefilter_memo *m = calloc(1, sizeof(*m));
	struct prefilter *used[PREFILTER_MEMO_MAX];
	m->tree = strdup(tree);
	for (size_t i = 0; i < n && m->n_keys < PREFILTER_MEMO_MAX; i++)
		if (pfs[i]) {
			used[m->n_keys] = pfs[i];
			m->keys[m->n_keys++] = strdup(prefilter_key(pfs[i]));
		}
	grow_slots(m);
	walk.m = m;
	walk.pfs = used;
	int rc = nftw(tree, read_one, 64, FTW_PHYS);
	memset(&walk, 0, sizeof(walk));
	if (rc != 0) {
		prefilter_memo_free(m);
		return NULL;
	}
	return m;
}

void prefilter_memo_free(struct prefilter_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++)
		free(m->files[i].path);
	for (size_t i = 0; i < m->n_keys; i++)
		free(m->keys[i]);
	free(m->files);
	free(m->slots);
	free(m->tree);
	free(m);
}

static int answer_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	if (type != FTW_F || !fs_is_c_or_header(path))
		return 0;
	const struct noted *f = find(walk.memo, path);
	bool kept;
	if (f && same_state(f, st)) {
		kept = f->kept & (1u << walk.bit);
	} else {
		char *text = fs_read_file(path, NULL);
		kept = text && prefilter_match(walk.pf, text);
		free(text);
	}
	if (kept) {
		fs_list_add(&walk.files, &walk.n, strdup(path));
	}
	return 0;
}

char **prefilter_memo_files(const struct prefilter_memo *m, const struct prefilter *pf,
			    const char *tree)
{
	if (!m || !pf || strcmp(m->tree, tree) != 0)
		return NULL;
	int bit = -1;
	for (size_t i = 0; i < m->n_keys && bit < 0; i++)
		if (strcmp(m->keys[i], prefilter_key(pf)) == 0)
			bit = (int)i;
	if (bit < 0)
		return NULL;
	walk.memo = m;
	walk.pf = pf;
	walk.bit = bit;
	walk.files = calloc(1, sizeof(char *));
	walk.n = 0;
	int rc = nftw(tree, answer_one, 64, FTW_PHYS);
	char **out = walk.files;
	size_t n = walk.n;
	memset(&walk, 0, sizeof(walk));
	if (rc != 0) {
		prefilter_free_files(out);
		return NULL;
	}
	fs_sort_list(out, n);
	return out;
}
