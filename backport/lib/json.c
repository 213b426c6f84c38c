// SPDX-License-Identifier: GPL-2.0-only
#include "json.h"

#include "fsutil.h"
#include "msg.h"
#include "utf8.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define JSON_DEPTH_MAX 64

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		abort();
	return p;
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		abort();
	return p;
}

static struct json_value *new_value(enum json_type type)
{
	struct json_value *v = xcalloc(1, sizeof(*v));
	v->type = type;
	return v;
}

struct json_value *json_null(void) { return new_value(JSON_NULL); }
struct json_value *json_array(void) { return new_value(JSON_ARRAY); }
struct json_value *json_object(void) { return new_value(JSON_OBJECT); }

struct json_value *json_bool(bool b)
{
	struct json_value *v = new_value(JSON_BOOL);
	v->boolean = b;
	return v;
}

struct json_value *json_number(double n)
{
	struct json_value *v = new_value(JSON_NUMBER);
	v->number = n;
	return v;
}

struct json_value *json_string(const char *s)
{
	if (!s)
		return json_null();
	struct json_value *v = new_value(JSON_STRING);
	v->string = strdup(s);
	if (!v->string)
		abort();
	return v;
}

void json_free(struct json_value *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->count; i++) {
		json_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
	free(v);
}

/* Arrays and objects hold 4 slots, then double whenever count reaches a power of two. */
static void grow(struct json_value *c)
{
	size_t n = c->count;
	bool full = n == 0 || (n >= 4 && (n & (n - 1)) == 0);
	if (!full)
		return;
	size_t cap = n ? 2 * n : 4;
	c->items = xrealloc(c->items, cap * sizeof(*c->items));
	if (c->type == JSON_OBJECT)
		c->keys = xrealloc(c->keys, cap * sizeof(*c->keys));
}

void json_push(struct json_value *a, struct json_value *v)
{
	grow(a);
	a->items[a->count++] = v;
}

void json_set(struct json_value *o, const char *key, struct json_value *v)
{
	for (size_t i = 0; i < o->count; i++) {
		if (strcmp(o->keys[i], key) == 0) {
			json_free(o->items[i]);
			o->items[i] = v;
			return;
		}
	}
	grow(o);
	o->keys[o->count] = strdup(key);
	if (!o->keys[o->count])
		abort();
	o->items[o->count++] = v;
}

const struct json_value *json_get(const struct json_value *o, const char *key)
{
	if (!o || o->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < o->count; i++)
		if (strcmp(o->keys[i], key) == 0)
			return o->items[i];
	return NULL;
}

const char *json_get_string(const struct json_value *o, const char *key)
{
	const struct json_value *v = json_get(o, key);
	return v && v->type == JSON_STRING ? v->string : NULL;
}

double json_get_number(const struct json_value *o, const char *key, double fallback)
{
	const struct json_value *v = json_get(o, key);
	return v && v->type == JSON_NUMBER ? v->number : fallback;
}

bool json_get_bool(const struct json_value *o, const char *key, bool fallback)
{
	const struct json_value *v = json_get(o, key);
	return v && v->type == JSON_BOOL ? v->boolean : fallback;
}

struct json_value *json_copy(const struct json_value *v)
{
	struct json_value *c = new_value(v->type);
	c->boolean = v->boolean;
	c->number = v->number;
	if (v->string)
		c->string = strdup(v->string);
	for (size_t i = 0; i < v->count; i++) {
		if (v->type == JSON_OBJECT)
			json_set(c, v->keys[i], json_copy(v->items[i]));
		else
			json_push(c, json_copy(v->items[i]));
	}
	return c;
}

/* ---- parsing ---- */

struct parser {
	const char *s;
	size_t len, pos;
	char *err;
	size_t errlen;
	bool failed;
};

static void fail(struct parser *p, const char *what)
{
	if (!p->failed)
		msg_format(p->err, p->errlen, "offset %zu: %s", p->pos, what);
	p->failed = true;
}

static void skip_space(struct parser *p)
{
	while (p->pos < p->len && strchr(" \t\r\n", p->s[p->pos]) && p->s[p->pos])
		p->pos++;
}

static bool literal(struct parser *p, const char *word)
{
	size_t n = strlen(word);
	if (p->len - p->pos >= n && memcmp(p->s + p->pos, word, n) == 0) {
		p->pos += n;
		return true;
	}
	return false;
}

struct buf {
	char *data;
	size_t len, cap;
};

static void buf_add(struct buf *b, const char *data, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->data = xrealloc(b->data, b->cap);
	}
	memcpy(b->data + b->len, data, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void buf_add_utf8(struct buf *b, uint32_t cp)
{
	char u[4];
	size_t n;
	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd; /* NUL cannot live in a C string; lone surrogates are no characters */
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	buf_add(b, u, n);
}

static int hex4(struct parser *p, uint32_t *out)
{
	if (p->len - p->pos < 4)
		return -1;
	*out = 0;
	for (int i = 0; i < 4; i++) {
		char c = p->s[p->pos++];
		int d = c >= '0' && c <= '9' ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		*out = *out << 4 | (uint32_t)d;
	}
	return 0;
}

/* At the opening quote; returns the malloc'd string or NULL after fail(). */
static char *parse_string(struct parser *p)
{
	struct buf b = { 0 };
	buf_add(&b, "", 0);
	p->pos++;
	while (!p->failed) {
		if (p->pos >= p->len) {
			fail(p, "unterminated string");
			break;
		}
		unsigned char c = (unsigned char)p->s[p->pos];
		if (c == '"') {
			p->pos++;
			return b.data;
		}
		if (c < 0x20) {
			fail(p, "control character in a string");
			break;
		}
		if (c != '\\') {
			buf_add(&b, p->s + p->pos++, 1);
			continue;
		}
		p->pos++;
		char e = p->pos < p->len ? p->s[p->pos++] : '\0';
		static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
		const char *k = e ? strchr(from, e) : NULL;
		uint32_t cp, lo;
		if (k) {
			buf_add(&b, &to[k - from], 1);
		} else if (e != 'u' || hex4(p, &cp) != 0) {
			fail(p, "bad escape in a string");
		} else {
			if (cp >= 0xd800 && cp < 0xdc00 && literal(p, "\\u")) {
				if (hex4(p, &lo) != 0)
					fail(p, "bad escape in a string");
				else if (lo >= 0xdc00 && lo <= 0xdfff)
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				else
					buf_add_utf8(&b, 0xfffd), cp = lo;
			}
			buf_add_utf8(&b, cp);
		}
	}
	free(b.data);
	return NULL;
}

static struct json_value *parse_value(struct parser *p, int depth);

static struct json_value *parse_container(struct parser *p, int depth, bool object)
{
	struct json_value *c = new_value(object ? JSON_OBJECT : JSON_ARRAY);
	char close = object ? '}' : ']';
	p->pos++;
	skip_space(p);
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		return c;
	}
	while (!p->failed) {
		skip_space(p);
		char *key = NULL;
		if (object) {
			if (p->pos >= p->len || p->s[p->pos] != '"') {
				fail(p, "expected a key string");
				break;
			}
			key = parse_string(p);
			skip_space(p);
			if (!key || p->pos >= p->len || p->s[p->pos] != ':') {
				fail(p, "expected ':' after a key");
				free(key);
				break;
			}
			p->pos++;
		}
		struct json_value *v = parse_value(p, depth + 1);
		if (!v) {
			free(key);
			break;
		}
		if (object)
			json_set(c, key, v);
		else
			json_push(c, v);
		free(key);
		skip_space(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == close) {
			p->pos++;
			return c;
		}
		fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
	}
	json_free(c);
	return NULL;
}

static struct json_value *parse_number(struct parser *p)
{
	size_t start = p->pos;
	const char *s = p->s;
	size_t i = p->pos;
	if (i < p->len && s[i] == '-')
		i++;
	if (i < p->len && s[i] == '0') {
		i++;
	} else if (i < p->len && s[i] >= '1' && s[i] <= '9') {
		while (i < p->len && s[i] >= '0' && s[i] <= '9')
			i++;
	} else {
		fail(p, "unexpected character");
		return NULL;
	}
	if (i < p->len && s[i] == '.') {
		size_t d = ++i;
		while (i < p->len && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == d) {
			fail(p, "digits expected after '.'");
			return NULL;
		}
	}
	if (i < p->len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < p->len && (s[i] == '+' || s[i] == '-'))
			i++;
		size_t d = i;
		while (i < p->len && s[i] >= '0' && s[i] <= '9')
			i++;
		if (i == d) {
			fail(p, "digits expected in the exponent");
			return NULL;
		}
	}
	char *copy = strndup(s + start, i - start);
	double n = strtod(copy, NULL);
	free(copy);
	p->pos = i;
	return json_number(n);
}

static struct json_value *parse_value(struct parser *p, int depth)
{
	skip_space(p);
	if (depth > JSON_DEPTH_MAX) {
		fail(p, "nested too deeply");
		return NULL;
	}
	if (p->pos >= p->len) {
		fail(p, "unexpected end of input");
		return NULL;
	}
	char c = p->s[p->pos];
	if (c == '{' || c == '[')
		return parse_container(p, depth, c == '{');
	if (c == '"') {
		char *s = parse_string(p);
		if (!s)
			return NULL;
		struct json_value *v = new_value(JSON_STRING);
		v->string = s;
		return v;
	}
	if (literal(p, "true"))
		return json_bool(true);
	if (literal(p, "false"))
		return json_bool(false);
	if (literal(p, "null"))
		return json_null();
	return parse_number(p);
}

struct json_value *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct parser p = { .s = text, .len = len, .err = err, .errlen = errlen };
	struct json_value *v = parse_value(&p, 0);
	skip_space(&p);
	if (v && p.pos != p.len) {
		fail(&p, "text after the value");
		json_free(v);
		v = NULL;
	}
	return v;
}

struct json_value *json_read_file(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = fs_read_file(path, &len);
	if (!text) {
		msg_format(err, errlen, "%s: cannot read: %m", path);
		return NULL;
	}
	char why[256];
	struct json_value *v = json_parse(text, len, why, sizeof(why));
	if (!v)
		msg_format(err, errlen, "%s: not valid JSON: %s", path, why);
	free(text);
	return v;
}

/* ---- writing ---- */

void json_write_string(FILE *f, const char *s)
{
	if (!s) {
		fputs("null", f);
		return;
	}
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s);
	fputc('"', f);
	for (size_t i = 0; i < n;) {
		unsigned char c = u[i];
		static const char from[] = "\"\\\b\f\n\r\t", to[] = "\"\\bfnrt";
		const char *k = c ? strchr(from, c) : NULL;
		size_t l;
		if (k) {
			fputc('\\', f);
			fputc(to[k - from], f);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			fputc(c, f);
			i++;
		} else if ((l = utf8_sequence_len(u + i, n - i)) == 0) {
			fputs("\\ufffd", f);
			i++;
		} else {
			fwrite(u + i, 1, l, f);
			i += l;
		}
	}
	fputc('"', f);
}

static void write_number(FILE *f, double n)
{
	if (!isfinite(n)) {
		fputs("null", f);
		return;
	}
	char text[40];
	snprintf(text, sizeof(text), "%.15g", n);
	if (strtod(text, NULL) != n)
		snprintf(text, sizeof(text), "%.17g", n);
	fputs(text, f);
}

static void write_value(FILE *f, const struct json_value *v, int indent)
{
	switch (v->type) {
	case JSON_NULL:
		fputs("null", f);
		return;
	case JSON_BOOL:
		fputs(v->boolean ? "true" : "false", f);
		return;
	case JSON_NUMBER:
		write_number(f, v->number);
		return;
	case JSON_STRING:
		json_write_string(f, v->string);
		return;
	case JSON_ARRAY:
	case JSON_OBJECT:
		break;
	}
	bool object = v->type == JSON_OBJECT;
	if (!v->count) {
		fputs(object ? "{}" : "[]", f);
		return;
	}
	fputs(object ? "{\n" : "[\n", f);
	for (size_t i = 0; i < v->count; i++) {
		fprintf(f, "%*s", indent + 2, "");
		if (object) {
			json_write_string(f, v->keys[i]);
			fputs(": ", f);
		}
		write_value(f, v->items[i], indent + 2);
		fputs(i + 1 < v->count ? ",\n" : "\n", f);
	}
	fprintf(f, "%*s%c", indent, "", object ? '}' : ']');
}

int json_write(FILE *f, const struct json_value *v, int indent)
{
	write_value(f, v, indent);
	return ferror(f) ? -1 : 0;
}
