// SPDX-License-Identifier: GPL-2.0-only
#include "mbox_patch.h"

#include "fnv_hash.h"
#include "fsutil.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static struct diffstat_file *diffstat_file(struct diffstat *s, const char *name, size_t len)
{
	for (size_t i = 0; i < s->count; i++)
		if (strlen(s->files[i].name) == len && strncmp(s->files[i].name, name, len) == 0)
			return &s->files[i];
	s->files = xrealloc(s->files, (s->count + 1) * sizeof(*s->files));
	struct diffstat_file *f = &s->files[s->count++];
	f->name = xasprintf("%.*s", (int)len, name);
	f->added = f->deleted = 0;
	return f;
}

/* The path of a "--- a/x" or "+++ b/x" line: without the a/ or b/, without a tab and what
 * follows (diff -u's timestamp); NULL for /dev/null. */
static const char *header_path(const char *line, size_t *len)
{
	const char *p = line + 4;
	size_t n = strcspn(p, "\t\n");
	if (n == 9 && strncmp(p, "/dev/null", 9) == 0)
		return NULL;
	const char *slash = memchr(p, '/', n);
	if (slash && (p[0] == 'a' || p[0] == 'b') && slash == p + 1) {
		n -= 2;
		p += 2;
	}
	*len = n;
	return p;
}

void diffstat_add(struct diffstat *s, const char *diff)
{
	struct diffstat_file *f = NULL;
	long old_left = 0, new_left = 0;
	const char *minus = NULL;
	for (const char *l = diff; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		if (old_left > 0 || new_left > 0) {
			if (*l == '-') {
				old_left--;
				f->deleted++;
			} else if (*l == '+') {
				new_left--;
				f->added++;
			} else if (*l == ' ' || *l == '\n') {
				old_left--;
				new_left--;
			}
			continue; /* "\ No newline at end of file" counts for neither */
		}
		if (strncmp(l, "--- ", 4) == 0) {
			minus = l;
		} else if (strncmp(l, "+++ ", 4) == 0 && minus) {
			size_t len = 0;
			const char *name = header_path(l, &len);
			if (!name)
				name = header_path(minus, &len);
			f = name ? diffstat_file(s, name, len) : NULL;
			minus = NULL;
		} else if (strncmp(l, "@@ -", 4) == 0 && f) {
			unsigned long a, b = 1, c, d = 1;
			const char *p = l + 4;
			char *end;
			a = strtoul(p, &end, 10);
			if (*end == ',')
				b = strtoul(end + 1, &end, 10);
			if (strncmp(end, " +", 2) == 0) {
				c = strtoul(end + 2, &end, 10);
				if (*end == ',')
					d = strtoul(end + 1, &end, 10);
				(void)a;
				(void)c;
				old_left = (long)b;
				new_left = (long)d;
			}
		} else {
			minus = NULL;
		}
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct diffstat_file *)a)->name,
		      ((const struct diffstat_file *)b)->name);
}

void diffstat_sort(struct diffstat *s)
{
	if (s->count > 1)
		qsort(s->files, s->count, sizeof(*s->files), by_name);
}

void diffstat_free(struct diffstat *s)
{
	for (size_t i = 0; i < s->count; i++)
		free(s->files[i].name);
	free(s->files);
	s->files = NULL;
	s->count = 0;
}

static int decimal_width(long n)
{
	int w = 1;
	for (; n >= 10; n /= 10)
		w++;
	return w;
}

static long scale_linear(long it, long width, long max_change)
{
	return it ? 1 + (it * (width - 1) / max_change) : 0;
}

/* git's diff.c show_stats(), for text files (format-patch: --stat=72, no graph limit). */
char *diffstat_format(const struct diffstat *s, int width)
{
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);
	if (!f)
		abort();
	long max_change = 0, max_len = 0, insertions = 0, deletions = 0;
	for (size_t i = 0; i < s->count; i++) {
		long len = (long)strlen(s->files[i].name);
		long change = s->files[i].added + s->files[i].deleted;
		max_len = len > max_len ? len : max_len;
		max_change = change > max_change ? change : max_change;
		insertions += s->files[i].added;
		deletions += s->files[i].deleted;
	}
	long number_width = decimal_width(max_change);
	if (width < 16 + 6 + number_width)
		width = (int)(16 + 6 + number_width);
	long graph_width = max_change, name_width = max_len;
	if (name_width + number_width + 6 + graph_width > width) {
		if (graph_width > width * 3 / 8 - number_width - 6) {
			graph_width = width * 3 / 8 - number_width - 6;
			if (graph_width < 6)
				graph_width = 6;
		}
		if (name_width > width - number_width - 6 - graph_width)
			name_width = width - number_width - 6 - graph_width;
		else
			graph_width = width - number_width - 6 - name_width;
	}
	for (size_t i = 0; i < s->count; i++) {
		const char *name = s->files[i].name, *prefix = "";
		long len = name_width, name_len = (long)strlen(name);
		if (name_width < name_len) {
			prefix = "...";
			len = len - 3 < 0 ? 0 : len - 3;
			name += name_len - len;
			const char *slash = strchr(name, '/');
			if (slash)
				name = slash;
		}
		long padding = len - (long)strlen(name);
		long add = s->files[i].added, del = s->files[i].deleted, total = add + del;
		fprintf(f, " %s%s%*s | %*ld%s", prefix, name, (int)(padding < 0 ? 0 : padding), "",
			(int)number_width, total, total ? " " : "");
		if (graph_width <= max_change) {
			long scaled = scale_linear(total, graph_width, max_change);
			if (scaled < 2 && add && del)
				scaled = 2;
			if (add < del) {
				add = scale_linear(add, graph_width, max_change);
				del = scaled - add;
			} else {
				del = scale_linear(del, graph_width, max_change);
				add = scaled - del;
			}
		}
		for (long k = 0; k < add; k++)
			fputc('+', f);
		for (long k = 0; k < del; k++)
			fputc('-', f);
		fputc('\n', f);
	}
	fprintf(f, " %zu file%s changed", s->count, s->count == 1 ? "" : "s");
	if (insertions || !deletions)
		fprintf(f, ", %ld insertion%s(+)", insertions, insertions == 1 ? "" : "s");
	if (deletions || !insertions)
		fprintf(f, ", %ld deletion%s(-)", deletions, deletions == 1 ? "" : "s");
	fputc('\n', f);
	fclose(f);
	return out;
}

char *mbox_date(long long t)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t when = (time_t)t;
	struct tm tm;
	if (!gmtime_r(&when, &tm)) {
		when = 0;
		gmtime_r(&when, &tm);
	}
	return xasprintf("%s, %d %s %d %02d:%02d:%02d +0000", days[tm.tm_wday], tm.tm_mday,
			 months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

bool mbox_author_valid(const char *author)
{
	if (!author)
		return false;
	const char *lt = strchr(author, '<');
	if (!lt || lt == author || lt[-1] != ' ' || strchr(author, '\n'))
		return false;
	for (const char *p = author; p < lt - 1; p++)
		if (*p == '>')
			return false;
	if (strspn(author, " \t") >= (size_t)(lt - author))
		return false; /* no name */
	const char *gt = strchr(lt, '>');
	if (!gt || gt[1] || gt == lt + 1 || strchr(lt + 1, '<'))
		return false;
	for (const char *p = lt + 1; p < gt; p++)
		if (*p == ' ' || *p == '\t')
			return false;
	return true;
}

char *mbox_author_name(const char *author)
{
	const char *lt = strchr(author, '<');
	size_t n = lt ? (size_t)(lt - author) : strlen(author);
	while (n && (author[n - 1] == ' ' || author[n - 1] == '\t'))
		n--;
	return xasprintf("%.*s", (int)n, author);
}

char *mbox_subject_prefix(int index, int total)
{
	if (total <= 0)
		return strdup("[PATCH]");
	return xasprintf("[PATCH %0*d/%d]", decimal_width(total), index, total);
}

/* "From HASH Mon Sep 17 00:00:00 2001\n" + TEXT, HASH a digest of TEXT (40 hex digits, like a
 * commit's: the same text always gets the same line). */
static char *with_from_line(char *text)
{
	size_t len = strlen(text);
	char hex[64] = "";
	for (int k = 0; k < 3; k++) {
		char seeded[16];
		int n = snprintf(seeded, sizeof(seeded), "%d:", k);
		uint64_t h = fnv1a_hash(seeded, (size_t)n);
		for (size_t i = 0; i < len; i++)
			h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
		snprintf(hex + strlen(hex), sizeof(hex) - strlen(hex), "%016" PRIx64, h);
	}
	hex[40] = '\0';
	char *out = xasprintf("From %s Mon Sep 17 00:00:00 2001\n%s", hex, text);
	free(text);
	return out;
}

static char *headers(const struct mbox_meta *m, int index, const char *subject)
{
	char *date = mbox_date(m->date);
	char *prefix = mbox_subject_prefix(index, m->total);
	char *out = xasprintf("From: %s\nDate: %s\nSubject: %s %s\n\n",
			      m->author ? m->author : MBOX_PLACEHOLDER_AUTHOR, date, prefix,
			      subject);
	free(prefix);
	free(date);
	return out;
}

char *mbox_patch(const struct mbox_meta *m, const char *subject, const char *body,
		 const char *diff)
{
	struct diffstat s = { 0 };
	diffstat_add(&s, diff);
	diffstat_sort(&s); /* git's order, whatever the diff's */
	char *stat = diffstat_format(&s, MBOX_STAT_WIDTH);
	diffstat_free(&s);
	char *head = headers(m, m->index, subject);
	size_t blen = strlen(body);
	while (blen && body[blen - 1] == '\n')
		blen--;
	char *signoff = m->signoff ? xasprintf("\nSigned-off-by: %s\n",
					       m->author ? m->author : MBOX_PLACEHOLDER_AUTHOR)
				   : strdup("");
	size_t dlen = strlen(diff);
	char *text = xasprintf("%s%.*s\n%s---\n%s\n%s%s-- \n%s\n\n", head, (int)blen, body, signoff,
			       stat, diff, dlen && diff[dlen - 1] != '\n' ? "\n" : "",
			       MBOX_SIGNATURE);
	free(signoff);
	free(head);
	free(stat);
	return with_from_line(text);
}

char *mbox_cover_letter(const struct mbox_meta *m, const char *subject, const char *blurb,
			const char *const *subjects, const char *stat)
{
	char *out = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);
	if (!f)
		abort();
	char *head = headers(m, 0, subject);
	char *name = mbox_author_name(m->author ? m->author : MBOX_PLACEHOLDER_AUTHOR);
	size_t blen = strlen(blurb);
	while (blen && blurb[blen - 1] == '\n')
		blen--;
	int n = 0;
	while (subjects[n])
		n++;
	fprintf(f, "%s%.*s\n\n%s (%d):\n", head, (int)blen, blurb, name, n);
	for (int i = 0; i < n; i++)
		fprintf(f, "  %s\n", subjects[i]);
	fprintf(f, "\n%s\n-- \n%s\n\n", stat, MBOX_SIGNATURE);
	fclose(f);
	free(name);
	free(head);
	return with_from_line(out);
}
