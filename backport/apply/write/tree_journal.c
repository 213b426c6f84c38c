// SPDX-License-Identifier: GPL-2.0-only
#include "tree_journal.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "msg.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char journal_magic[] = "hardening-backport write journal 1";

int tree_hash_file(const char *path, bool *present, uint64_t *hash)
{
	struct stat st;
	*present = false;
	*hash = 0;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	size_t len = 0;
	char *text = fs_read_file(path, &len);
	if (!text)
		return -1;
	*present = true;
	*hash = fnv1a_hash(text, len);
	free(text);
	return 0;
}

static void put_hash(char **text, bool present, uint64_t hash)
{
	char *more = present ? xasprintf("%s\t%016" PRIx64, *text, hash) : xasprintf("%s\t-", *text);
	free(*text);
	*text = more;
}

static void put_word(char **text, const char *word, const char *end)
{
	char *more = xasprintf("%s\t%s%s", *text, word ? word : "-", end);
	free(*text);
	*text = more;
}

int tree_journal_write(const char *path, const struct tree_journal *j)
{
	char *text = xasprintf("%s\ntree %s\nstate %s\n", journal_magic, j->tree,
			       j->committed ? "commit" : "staging");
	for (size_t i = 0; i < j->n_dirs; i++) {
		char *more = xasprintf("%smkdir %s\n", text, j->dirs[i]);
		free(text);
		text = more;
	}
	for (size_t i = 0; i < j->n_entries; i++) {
		const struct journal_entry *e = &j->entries[i];
		char *more = xasprintf("%sfile", text);
		free(text);
		text = more;
		put_hash(&text, e->had_old, e->old_hash);
		put_hash(&text, e->has_new, e->new_hash);
		put_word(&text, e->staged, "");
		put_word(&text, e->backup, "");
		put_word(&text, e->file, "\n");
	}
	char *dir = strdup(path);
	char *slash = strrchr(dir, '/');
	if (slash && slash != dir)
		*slash = '\0';
	int rc = fs_mkdir_p(dir, 0755) == 0 ? fs_write_file_atomic(path, text, strlen(text)) : -1;
	free(dir);
	free(text);
	return rc;
}

/* "-" or 16 hex digits. */
static bool parse_hash(const char *word, bool *present, uint64_t *hash)
{
	*present = strcmp(word, "-") != 0;
	*hash = 0;
	if (!*present)
		return true;
	char *end;
	errno = 0;
	*hash = strtoull(word, &end, 16);
	return errno == 0 && strlen(word) == 16 && *end == '\0';
}

static char *name_or_null(const char *word)
{
	return strcmp(word, "-") == 0 ? NULL : strdup(word);
}

/* "file\tOLD\tNEW\tSTAGED\tBACKUP\tFILE" (the text after "file\t") into the zeroed E. */
static bool parse_entry(char *line, struct journal_entry *e)
{
	char *words[4];
	for (int w = 0; w < 4; w++) {
		words[w] = line;
		char *tab = strchr(line, '\t');
		if (!tab)
			return false;
		*tab = '\0';
		line = tab + 1;
	}
	if (!*line || !parse_hash(words[0], &e->had_old, &e->old_hash) ||
	    !parse_hash(words[1], &e->has_new, &e->new_hash))
		return false;
	e->staged = name_or_null(words[2]);
	e->backup = name_or_null(words[3]);
	e->file = strdup(line);
	return (e->staged != NULL) == e->has_new && (e->backup != NULL) == e->had_old;
}

int tree_journal_read(const char *path, struct tree_journal *j, char *err, size_t errlen)
{
	memset(j, 0, sizeof(*j));
	char *text = fs_read_file(path, NULL);
	if (!text) {
		if (errno == ENOENT)
			return 1;
		msg_format(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	bool ok = strncmp(text, journal_magic, strlen(journal_magic)) == 0, has_state = false;
	int line_no = 1;
	char *save = NULL;
	for (char *l = strtok_r(text, "\n", &save); ok && l; l = strtok_r(NULL, "\n", &save)) {
		if (line_no++ == 1)
			continue;
		if (strncmp(l, "tree ", 5) == 0 && !j->tree) {
			j->tree = strdup(l + 5);
		} else if (strcmp(l, "state staging") == 0 || strcmp(l, "state commit") == 0) {
			j->committed = strcmp(l, "state commit") == 0;
			has_state = true;
		} else if (strncmp(l, "mkdir ", 6) == 0) {
			j->dirs = xrealloc(j->dirs, (j->n_dirs + 1) * sizeof(*j->dirs));
			j->dirs[j->n_dirs++] = strdup(l + 6);
		} else if (strncmp(l, "file\t", 5) == 0) {
			j->entries = xrealloc(j->entries, (j->n_entries + 1) * sizeof(*j->entries));
			struct journal_entry *e = &j->entries[j->n_entries++];
			memset(e, 0, sizeof(*e));
			ok = parse_entry(l + 5, e);
		} else {
			ok = false;
		}
	}
	free(text);
	if (!ok || !j->tree || !has_state) {
		msg_format(err, errlen, "%s: not a write journal this driver can read (line %d)",
			   path, line_no - 1);
		tree_journal_free(j);
		return -1;
	}
	return 0;
}

void tree_journal_free(struct tree_journal *j)
{
	for (size_t i = 0; i < j->n_dirs; i++)
		free(j->dirs[i]);
	for (size_t i = 0; i < j->n_entries; i++) {
		free(j->entries[i].file);
		free(j->entries[i].staged);
		free(j->entries[i].backup);
	}
	free(j->dirs);
	free(j->entries);
	free(j->tree);
	memset(j, 0, sizeof(*j));
}
