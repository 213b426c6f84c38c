// SPDX-License-Identifier: GPL-2.0-only
/* KTAP parser: see ktap.h for what is accepted. */
#include "ktap.h"

#include "json_util.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct rvec {
	struct ktap_result *v;
	size_t n, cap;
};

struct svec {
	char **v;
	size_t n, cap;
};

/* One level of nesting while it is being read. */
struct level {
	int indent;
	int depth;
	struct rvec results;
	size_t doc_start;     /* root only: first result of the current document */
	int plan;             /* -1: none yet (in the current document) */
	bool has_content;     /* a plan or a result seen (current document) */
	bool headed;          /* a version line, plan or "# Subtest:" of its own */
	int last_number;
	struct svec diag;     /* diagnostics waiting for the next result */
	bool has_pending;     /* a closed child level waits for its parent's result */
	struct rvec pending;
	int pending_plan;
	bool pending_headless; /* the pending group had no header at all */
	struct svec pending_diag;
	char *child_name;     /* from "# Subtest: name" */
};

struct parser {
	struct level *stack;
	size_t n, cap;
	struct ktap_report *rep;
	bool oom;
	bool stopped;         /* after "Bail out!" */
	long plan_sum;
	size_t docs_with_plan;
	char *line;           /* the current line, NUL-terminated */
	size_t line_cap;
};

#define TAB_WIDTH 8

enum line_kind { L_UNKNOWN, L_VERSION, L_PLAN, L_RESULT, L_BAIL, L_DIAG };

/* ---- small helpers ---- */

static char *dup_range(struct parser *p, const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (!d) {
		p->oom = true;
		return NULL;
	}
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static char *dup_trimmed(struct parser *p, const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return dup_range(p, s, n);
}

static bool rvec_push(struct parser *p, struct rvec *rv, const struct ktap_result *r)
{
	if (rv->n == rv->cap) {
		size_t cap = rv->cap ? rv->cap * 2 : 8;
		struct ktap_result *v = realloc(rv->v, cap * sizeof(*v));
		if (!v) {
			p->oom = true;
			return false;
		}
		rv->v = v;
		rv->cap = cap;
	}
	rv->v[rv->n++] = *r;
	return true;
}

/* Takes ownership of s (frees it on failure). */
static void svec_push(struct parser *p, struct svec *sv, char *s)
{
	if (!s)
		return;
	if (sv->n == sv->cap) {
		size_t cap = sv->cap ? sv->cap * 2 : 4;
		char **v = realloc(sv->v, cap * sizeof(*v));
		if (!v) {
			p->oom = true;
			free(s);
			return;
		}
		sv->v = v;
		sv->cap = cap;
	}
	sv->v[sv->n++] = s;
}

/* Appends every string of src to dst, leaving src empty. */
static void svec_move(struct parser *p, struct svec *dst, struct svec *src)
{
	for (size_t i = 0; i < src->n; i++)
		svec_push(p, dst, src->v[i]);
	free(src->v);
	memset(src, 0, sizeof(*src));
}

static void svec_free(struct svec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	memset(sv, 0, sizeof(*sv));
}

static void result_free(struct ktap_result *r)
{
	free(r->name);
	free(r->reason);
	for (size_t i = 0; i < r->n_diag; i++)
		free(r->diag[i]);
	free(r->diag);
	for (size_t i = 0; i < r->n_sub; i++)
		result_free(&r->sub[i]);
	free(r->sub);
}

static void rvec_free(struct rvec *rv)
{
	for (size_t i = 0; i < rv->n; i++)
		result_free(&rv->v[i]);
	free(rv->v);
	memset(rv, 0, sizeof(*rv));
}

/* ---- levels ---- */

static struct level *top(struct parser *p)
{
	return &p->stack[p->n - 1];
}

static bool push_level_raw(struct parser *p, int indent)
{
	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 4;
		struct level *s = realloc(p->stack, cap * sizeof(*s));
		if (!s) {
			p->oom = true;
			return false;
		}
		p->stack = s;
		p->cap = cap;
	}
	struct level *l = &p->stack[p->n++];
	memset(l, 0, sizeof(*l));
	l->indent = indent;
	l->depth = (int)p->n - 1;
	l->plan = -1;
	l->pending_plan = -1;
	return true;
}

static bool number_seen(const struct level *l, int number)
{
	for (size_t i = l->doc_start; i < l->results.n; i++)
		if (l->results.v[i].number == number)
			return true;
	return false;
}

/* Adds r (owned) to l, giving it the waiting diagnostics and subtests. */
static void add_result(struct parser *p, struct level *l, struct ktap_result *r)
{
	r->depth = l->depth;
	r->sub_plan = -1;
	if (r->status == KTAP_MISSING) {
		if (r->number > l->last_number)
			l->last_number = r->number;
	} else {
		if (number_seen(l, r->number)) {
			r->duplicate = true;
			p->rep->duplicates++;
		} else if (r->number < l->last_number) {
			r->out_of_order = true;
			p->rep->out_of_order++;
		}
		l->last_number = r->number;
	}

	struct svec diag = { 0 };
	svec_move(p, &diag, &l->diag);
	r->nested = l->has_pending || l->child_name;
	if (l->has_pending) {
		r->sub = l->pending.v;
		r->n_sub = l->pending.n;
		r->sub_plan = l->pending_plan;
		svec_move(p, &diag, &l->pending_diag);
		memset(&l->pending, 0, sizeof(l->pending));
		l->has_pending = false;
		l->pending_headless = false;
		l->pending_plan = -1;
	}
	r->diag = diag.v;
	r->n_diag = diag.n;
	free(l->child_name);
	l->child_name = NULL;
	l->has_content = true;
	if (!rvec_push(p, &l->results, r))
		result_free(r);
}

static void add_missing(struct parser *p, struct level *l, int number, char *name)
{
	struct ktap_result r = { 0 };
	r.number = number;
	r.name = name ? name : dup_range(p, "", 0);
	r.status = KTAP_MISSING;
	r.reason = dup_range(p, "missing", 7);
	add_result(p, l, &r);
}

static void shift_depth(struct ktap_result *r, size_t n, int by)
{
	for (size_t i = 0; i < n; i++) {
		r[i].depth += by;
		shift_depth(r[i].sub, r[i].n_sub, by);
	}
}

/*
 * A nested test whose results are indented deeper than its own header:
 *     KTAP version 1
 *     1..1
 *         ok 1 test 1
 * not ok 1 subtest 1
 * (kunit's test_data/test_is_test_passed-failure-nested.log).  The deeper
 * group had no header of its own and no result line of a parent came at the
 * header's indentation: its results are this level's own, as for kunit, which
 * goes by header lines and not by indentation.  Never at the top level.
 */
static bool adopt_pending(struct parser *p, struct level *l)
{
	if (!l->pending_headless || l->depth == 0 || l->child_name ||
	    l->results.n != l->doc_start)
		return false;
	shift_depth(l->pending.v, l->pending.n, -1);
	for (size_t i = 0; i < l->pending.n; i++) {
		struct ktap_result *r = &l->pending.v[i];
		if (r->status != KTAP_MISSING || r->number > l->last_number)
			l->last_number = r->number;
		if (!rvec_push(p, &l->results, r))
			result_free(r);
	}
	free(l->pending.v);
	memset(&l->pending, 0, sizeof(l->pending));
	struct svec diag = { 0 };
	svec_move(p, &diag, &l->pending_diag);
	svec_move(p, &diag, &l->diag);
	l->diag = diag;
	l->has_pending = false;
	l->pending_headless = false;
	l->pending_plan = -1;
	l->has_content = true;
	return true;
}

/* Subtests whose parent result never came get a missing parent. */
static void flush_pending(struct parser *p, struct level *l)
{
	if (!l->has_pending || adopt_pending(p, l))
		return;
	char *name = l->child_name;
	l->child_name = NULL;
	add_missing(p, l, l->last_number + 1, name);
}

/* Every planned number without a result becomes a missing result. */
static void finish_document(struct parser *p, struct level *l)
{
	flush_pending(p, l);
	for (int k = 1; k <= l->plan; k++)
		if (!number_seen(l, k))
			add_missing(p, l, k, NULL);
}

/* Closes the innermost level; its results wait for the parent's result. */
static void pop_level(struct parser *p)
{
	struct level *child = top(p);
	finish_document(p, child);
	struct level *parent = child - 1;
	flush_pending(p, parent);
	parent->pending = child->results;
	parent->pending_plan = child->plan;
	parent->pending_diag = child->diag;
	parent->has_pending = true;
	parent->pending_headless = !child->headed;
	if (!parent->child_name) {
		parent->child_name = child->child_name;
		child->child_name = NULL;
	}
	free(child->child_name);
	p->n--;
}

static void push_level(struct parser *p, int indent)
{
	flush_pending(p, top(p));
	bool named = top(p)->child_name != NULL;  /* "# Subtest:" came first */
	if (push_level_raw(p, indent))
		top(p)->headed = named;
}

static void finish_root_document(struct parser *p)
{
	struct level *root = &p->stack[0];
	finish_document(p, root);
	if (root->plan >= 0) {
		p->plan_sum += root->plan;
		p->docs_with_plan++;
	}
}

/* ---- lines ---- */

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static bool only_blanks(const char *s)
{
	return *skip_blanks(s) == '\0';
}

/* Removes "[   12.345678] " and "[    T1] " printk prefixes. */
static const char *strip_printk_prefix(const char *s)
{
	for (int round = 0; round < 2 && s[0] == '['; round++) {
		const char *q = s + 1;
		while (*q == ' ')
			q++;
		if (round == 0) {
			if (!isdigit((unsigned char)*q))
				break;
			while (isdigit((unsigned char)*q))
				q++;
			if (*q++ != '.' || !isdigit((unsigned char)*q))
				break;
			while (isdigit((unsigned char)*q))
				q++;
		} else {
			if (*q != 'T' && *q != 'C')
				break;
			q++;
			if (!isdigit((unsigned char)*q))
				break;
			while (isdigit((unsigned char)*q))
				q++;
		}
		if (*q++ != ']')
			break;
		if (*q == ' ' && q[1] != '[')
			q++;
		s = q;
	}
	return s;
}

static bool parse_uint(const char **sp, int *out)
{
	const char *s = *sp;
	long v = 0;
	if (!isdigit((unsigned char)*s))
		return false;
	while (isdigit((unsigned char)*s)) {
		v = v * 10 + (*s - '0');
		if (v > INT_MAX)
			return false;
		s++;
	}
	*out = (int)v;
	*sp = s;
	return true;
}

static bool is_version(const char *b)
{
	if (strncmp(b, "KTAP version ", 13) == 0)
		b += 13;
	else if (strncmp(b, "TAP version ", 12) == 0)
		b += 12;
	else
		return false;
	int v;
	return parse_uint(&b, &v) && only_blanks(b);
}

static bool is_plan(const char *b, int *n)
{
	if (strncmp(b, "1..", 3) != 0)
		return false;
	b += 3;
	return parse_uint(&b, n) && (*b == '\0' || *b == ' ' || *b == '\t' || *b == '#');
}

/* "ok" / "not ok" followed by the end of the line or a blank. */
static const char *result_rest(const char *b, bool *ok)
{
	const char *r;
	if (strncmp(b, "ok", 2) == 0) {
		*ok = true;
		r = b + 2;
	} else if (strncmp(b, "not ok", 6) == 0) {
		*ok = false;
		r = b + 6;
	} else {
		return NULL;
	}
	return (*r == '\0' || *r == ' ' || *r == '\t') ? r : NULL;
}

/* A result line: "ok"/"not ok", then no number or a whole number. */
static bool is_result(const char *b)
{
	bool ok;
	const char *s = result_rest(b, &ok);
	if (!s)
		return false;
	s = skip_blanks(s);
	if (!isdigit((unsigned char)*s))
		return true;
	int n;
	return parse_uint(&s, &n) && (*s == '\0' || *s == ' ' || *s == '\t');
}

/* Length of a directive keyword at s if it starts with kw (any case). */
static size_t directive_word(const char *s, const char *kw)
{
	size_t n = strlen(kw);
	if (strncasecmp(s, kw, n) != 0)
		return 0;
	while (isalpha((unsigned char)s[n]))
		n++;
	return n;
}

static void set_directive(struct parser *p, struct ktap_result *r, const char *d)
{
	d = skip_blanks(d);
	size_t w;
	if ((w = directive_word(d, "skip")) != 0) {
		r->status = KTAP_SKIP;
	} else if ((w = directive_word(d, "todo")) == 4) {
		r->status = KTAP_TODO;
	} else {
		w = 0;
	}
	d += w;
	if (w) {
		while (*d == ':' || *d == ' ' || *d == '\t')
			d++;
	}
	if (!only_blanks(d))
		r->reason = dup_trimmed(p, d);
}

/* Fills r from a result line; false if the line is not one after all. */
static bool parse_result(struct parser *p, const char *b, int last, struct ktap_result *r)
{
	bool ok;
	const char *s = result_rest(b, &ok);
	if (!s)
		return false;
	s = skip_blanks(s);
	int number = last + 1;
	if (isdigit((unsigned char)*s)) {
		if (!parse_uint(&s, &number) || (*s && *s != ' ' && *s != '\t'))
			return false;
		s = skip_blanks(s);
	}
	if (s[0] == '-' && (s[1] == ' ' || s[1] == '\0'))
		s = skip_blanks(s + 1);

	const char *hash = NULL;
	for (const char *q = s; *q; q++) {
		if (*q == '#' && (q == s || q[-1] == ' ' || q[-1] == '\t')) {
			hash = q;
			break;
		}
	}
	memset(r, 0, sizeof(*r));
	r->number = number;
	r->status = ok ? KTAP_OK : KTAP_NOT_OK;
	size_t nlen = hash ? (size_t)(hash - s) : strlen(s);
	while (nlen && (s[nlen - 1] == ' ' || s[nlen - 1] == '\t'))
		nlen--;
	r->name = dup_range(p, s, nlen);
	if (hash)
		set_directive(p, r, hash + 1);
	return true;
}

static enum line_kind classify(const char *b, int *plan)
{
	if (is_version(b))
		return L_VERSION;
	if (is_plan(b, plan))
		return L_PLAN;
	if (is_result(b))
		return L_RESULT;
	if (strncmp(b, "Bail out!", 9) == 0)
		return L_BAIL;
	if (b[0] == '#')
		return L_DIAG;
	return L_UNKNOWN;
}

/*
 * "# Subtest: NAME" names the nested test whose lines are indented like it.
 * It comes before that test's "KTAP version" line (KUnit up to 6.0, our guest
 * before) or right after it (KUnit since, kunit.py's preferred form); the
 * name is kept by the parent level until the parent's result line.
 */
static void handle_subtest(struct parser *p, int indent, const char *name)
{
	/* groups indented deeper are over: their parent result never came */
	while (p->n > 1 && indent < top(p)->indent)
		pop_level(p);
	struct level *l = top(p);
	if (p->n > 1 && indent == l->indent) {
		if (l->has_content) {
			/* a sibling starts: the previous one's parent result never came */
			pop_level(p);
			l = top(p);
			flush_pending(p, l);
		} else {
			/* right after this group's version line: the parent keeps the name */
			l->headed = true;
			l--;
		}
	}
	free(l->child_name);
	l->child_name = dup_trimmed(p, name);
}

static void handle_diag(struct parser *p, int indent, const char *b)
{
	const char *t = skip_blanks(b + 1);
	if (strncmp(t, "Subtest:", 8) == 0) {
		handle_subtest(p, indent, t + 8);
		return;
	}
	const char *text = b + 1;
	if (*text == ' ')
		text++;
	svec_push(p, &top(p)->diag, dup_trimmed(p, text));
}

static void handle_version(struct parser *p, int indent)
{
	struct level *l = top(p);
	if (!l->has_content)
		return;
	if (p->n == 1) {
		/* a new top-level document */
		finish_root_document(p);
		l->plan = -1;
		l->has_content = false;
		l->last_number = 0;
		l->doc_start = l->results.n;
		p->rep->documents++;
		return;
	}
	/* a sibling group: the previous one's parent result never came */
	pop_level(p);
	push_level(p, indent);
}

static void handle_line(struct parser *p, const char *line)
{
	const char *s = strip_printk_prefix(line);
	/* indentation in columns: spaces (KTAP: 2, KUnit: 4) or tabs (KUnit up to 5.x) */
	int indent = 0;
	const char *b = s;
	for (; *b == ' ' || *b == '\t'; b++) {
		if (indent > INT_MAX / 2)
			break;
		indent = *b == ' ' ? indent + 1 : (indent / TAB_WIDTH + 1) * TAB_WIDTH;
	}
	int plan = 0;
	enum line_kind kind = classify(b, &plan);

	if (kind == L_UNKNOWN || (kind == L_DIAG && p->n == 0)) {
		if (!only_blanks(b))
			p->rep->garbage_lines++;
		return;
	}
	if (kind == L_DIAG) {
		handle_diag(p, indent, b);
		return;
	}
	if (kind == L_BAIL) {
		p->rep->bailed_out = true;
		if (!only_blanks(b + 9))
			p->rep->bail_reason = dup_trimmed(p, b + 9);
		p->stopped = true;
		return;
	}
	if (p->n == 0) {
		if (!push_level_raw(p, indent))
			return;
		p->rep->documents = 1;
	}

	bool popped = false;
	while (p->n > 1 && indent < top(p)->indent) {
		pop_level(p);
		popped = true;
	}
	if (indent > top(p)->indent && !popped)
		push_level(p, indent);
	if (p->oom)
		return;

	struct level *l = top(p);
	switch (kind) {
	case L_VERSION:
		p->rep->version_seen = true;
		handle_version(p, indent);
		top(p)->headed = true;
		break;
	case L_PLAN:
		if (l->plan < 0) {
			l->plan = plan;
			l->has_content = true;
			l->headed = true;
		} else {
			p->rep->garbage_lines++;
		}
		break;
	case L_RESULT: {
		struct ktap_result r;
		if (parse_result(p, b, l->last_number, &r))
			add_result(p, l, &r);
		break;
	}
	default:
		break;
	}
}

/* Copies one raw line into p->line without '\r' at its ends or NULs. */
static bool load_line(struct parser *p, const char *s, size_t n)
{
	while (n && s[0] == '\r') {
		s++;
		n--;
	}
	while (n && s[n - 1] == '\r')
		n--;
	if (n + 1 > p->line_cap) {
		char *buf = realloc(p->line, n + 1);
		if (!buf) {
			p->oom = true;
			return false;
		}
		p->line = buf;
		p->line_cap = n + 1;
	}
	for (size_t i = 0; i < n; i++)
		p->line[i] = s[i] ? s[i] : ' ';
	p->line[n] = '\0';
	return true;
}

/* ---- counts ---- */

static void count_one(struct ktap_counts *c, enum ktap_status s)
{
	switch (s) {
	case KTAP_OK:
		c->passed++;
		break;
	case KTAP_NOT_OK:
		c->failed++;
		break;
	case KTAP_SKIP:
		c->skipped++;
		break;
	case KTAP_TODO:
		c->todo++;
		break;
	case KTAP_MISSING:
		c->missing++;
		c->failed++;
		break;
	}
}

static void count_leaves(struct ktap_counts *c, const struct ktap_result *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (r[i].n_sub)
			count_leaves(c, r[i].sub, r[i].n_sub);
		else
			count_one(c, r[i].status);
	}
}

/* ---- public ---- */

int ktap_parse(const char *text, size_t len, struct ktap_report *out)
{
	memset(out, 0, sizeof(*out));
	out->plan = -1;
	struct parser p = { .rep = out };

	size_t i = 0;
	while (i < len && !p.stopped && !p.oom) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		if (load_line(&p, text + i, n))
			handle_line(&p, p.line);
		i += n + 1;
	}
	if (p.n > 0) {
		while (p.n > 1)
			pop_level(&p);
		finish_root_document(&p);
		struct level *root = &p.stack[0];
		out->results = root->results.v;
		out->n_results = root->results.n;
		out->diag = root->diag.v;
		out->n_diag = root->diag.n;
		free(root->child_name);
		p.n = 0;
	}
	out->plan = p.docs_with_plan ? (int)p.plan_sum : -1;
	out->plan_seen = out->documents > 0 && p.docs_with_plan == out->documents;
	for (size_t k = 0; k < out->n_results; k++)
		count_one(&out->top, out->results[k].status);
	count_leaves(&out->leaves, out->results, out->n_results);

	for (size_t k = 0; k < p.n; k++) {  /* only left when out of memory */
		rvec_free(&p.stack[k].results);
		rvec_free(&p.stack[k].pending);
		svec_free(&p.stack[k].diag);
		svec_free(&p.stack[k].pending_diag);
		free(p.stack[k].child_name);
	}
	free(p.stack);
	free(p.line);
	if (p.oom) {
		ktap_report_free(out);
		return -1;
	}
	return 0;
}

void ktap_report_free(struct ktap_report *r)
{
	for (size_t i = 0; i < r->n_results; i++)
		result_free(&r->results[i]);
	free(r->results);
	free(r->bail_reason);
	for (size_t i = 0; i < r->n_diag; i++)
		free(r->diag[i]);
	free(r->diag);
	memset(r, 0, sizeof(*r));
	r->plan = -1;
}

bool ktap_report_success(const struct ktap_report *r)
{
	if (!r->plan_seen || r->bailed_out || r->top.failed || r->top.missing)
		return false;
	if (r->n_results != (size_t)r->plan)
		return false;
	for (size_t i = 0; i < r->n_results; i++)
		if (r->results[i].duplicate)
			return false;
	return true;
}

const char *ktap_status_name(enum ktap_status s)
{
	switch (s) {
	case KTAP_OK:
		return "ok";
	case KTAP_NOT_OK:
		return "not_ok";
	case KTAP_SKIP:
		return "skip";
	case KTAP_TODO:
		return "todo";
	case KTAP_MISSING:
		return "missing";
	}
	return "?";
}

/* ---- JSON ---- */

/* Every text is as the guest printed it: hb_json_string makes it valid UTF-8. */
static json_t *strings_json(char *const *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, hb_json_string(v[i]));
	return a;
}

static json_t *counts_json(const struct ktap_counts *c)
{
	return json_pack("{s:I, s:I, s:I, s:I, s:I}", "passed", (json_int_t)c->passed,
			 "failed", (json_int_t)c->failed, "skipped", (json_int_t)c->skipped,
			 "todo", (json_int_t)c->todo, "missing", (json_int_t)c->missing);
}

static json_t *results_json(const struct ktap_result *r, size_t n);

static json_t *result_json(const struct ktap_result *r)
{
	json_t *o = json_object();
	json_object_set_new(o, "number", json_integer(r->number));
	json_object_set_new(o, "name", hb_json_string(r->name));
	json_object_set_new(o, "status", json_string(ktap_status_name(r->status)));
	json_object_set_new(o, "reason", hb_json_string(r->reason));
	json_object_set_new(o, "depth", json_integer(r->depth));
	if (r->duplicate)
		json_object_set_new(o, "duplicate", json_true());
	if (r->out_of_order)
		json_object_set_new(o, "out_of_order", json_true());
	if (r->n_diag)
		json_object_set_new(o, "diagnostics", strings_json(r->diag, r->n_diag));
	if (r->n_sub || r->sub_plan >= 0) {
		json_object_set_new(o, "plan", r->sub_plan >= 0 ? json_integer(r->sub_plan)
							       : json_null());
		json_object_set_new(o, "subtests", results_json(r->sub, r->n_sub));
	}
	return o;
}

static json_t *results_json(const struct ktap_result *r, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, result_json(&r[i]));
	return a;
}

json_t *ktap_report_to_json(const struct ktap_report *r)
{
	json_t *o = json_object();
	json_object_set_new(o, "success", json_boolean(ktap_report_success(r)));
	json_object_set_new(o, "version_seen", json_boolean(r->version_seen));
	json_object_set_new(o, "plan_seen", json_boolean(r->plan_seen));
	json_object_set_new(o, "plan", r->plan >= 0 ? json_integer(r->plan) : json_null());
	json_object_set_new(o, "bailed_out", json_boolean(r->bailed_out));
	json_object_set_new(o, "bail_reason", hb_json_string(r->bail_reason));
	json_object_set_new(o, "documents", json_integer((json_int_t)r->documents));
	json_object_set_new(o, "garbage_lines", json_integer((json_int_t)r->garbage_lines));
	json_object_set_new(o, "duplicates", json_integer((json_int_t)r->duplicates));
	json_object_set_new(o, "out_of_order", json_integer((json_int_t)r->out_of_order));
	json_object_set_new(o, "counts", counts_json(&r->top));
	json_object_set_new(o, "leaf_counts", counts_json(&r->leaves));
	json_object_set_new(o, "diagnostics", strings_json(r->diag, r->n_diag));
	json_object_set_new(o, "results", results_json(r->results, r->n_results));
	return o;
}
