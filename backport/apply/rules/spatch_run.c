// SPDX-License-Identifier: GPL-2.0-only
#include "spatch_run.h"

#include "diff_order.h"
#include "fsutil.h"
#include "msg.h"
#include "prefilter.h"
#include "prefilter_memo.h"
#include "spawn.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int spatch_timeout_parse(const char *seconds, int *out)
{
	char *end;
	long v = strtol(seconds, &end, 10);
	if (!*seconds || *end || v < 0 || v > 86400)
		return -1;
	*out = (int)v;
	return 0;
}

int spatch_timeout(void)
{
	static bool warned;
	const char *v = getenv(SPATCH_TIMEOUT_ENV);
	int t;
	if (!v || !*v)
		return SPATCH_TIMEOUT_DEFAULT;
	if (spatch_timeout_parse(v, &t) == 0)
		return t;
	if (!warned)
		msg_warn("%s='%s' is no number of seconds (0 to 86400): spatch gives up a file "
			 "after %d s", SPATCH_TIMEOUT_ENV, v, SPATCH_TIMEOUT_DEFAULT);
	warned = true;
	return SPATCH_TIMEOUT_DEFAULT;
}

static void timeouts_add(struct spatch_timeouts *t, const char *file, size_t len)
{
	for (size_t i = 0; i < t->n; i++)
		if (strlen(t->files[i]) == len && strncmp(t->files[i], file, len) == 0)
			return;
	fs_list_add(&t->files, &t->n, strndup(file, len));
}

void spatch_timeouts_scan(const char *text, const char *tree, struct spatch_timeouts *t)
{
	size_t tl = tree ? strlen(tree) : 0;
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t len = strcspn(l, "\n");
		const char *file = NULL;
		static const char abort_text[] = "timeout (we abort): ";
		if (strncmp(l, "EXN: ", 5) == 0) {
			const char *in = memmem(l, len, "Timeout in ", 11);
			file = in ? in + 11 : NULL;
		} else if (strncmp(l, abort_text, sizeof(abort_text) - 1) == 0) {
			file = l + sizeof(abort_text) - 1;
		}
		if (!file)
			continue;
		size_t flen = len - (size_t)(file - l);
		while (flen && (file[flen - 1] == ' ' || file[flen - 1] == '\r'))
			flen--;
		if (tl && flen > tl + 1 && strncmp(file, tree, tl) == 0 && file[tl] == '/') {
			file += tl + 1;
			flen -= tl + 1;
		}
		if (flen)
			timeouts_add(t, file, flen);
	}
}

void spatch_timeouts_merge(struct spatch_timeouts *t, const struct spatch_timeouts *from)
{
	for (size_t i = 0; i < from->n; i++)
		timeouts_add(t, from->files[i], strlen(from->files[i]));
	if (from->seconds)
		t->seconds = from->seconds;
}

char *spatch_timeouts_text(const struct spatch_timeouts *t)
{
	if (!t || !t->n)
		return NULL;
	size_t len = 0;
	for (size_t i = 0; i < t->n; i++)
		len += strlen(t->files[i]) + 2;
	char *list = calloc(1, len + 1);
	for (size_t i = 0; i < t->n; i++) {
		if (i)
			strcat(list, ", ");
		strcat(list, t->files[i]);
	}
	char *text = xasprintf("not examined: %zu file%s timed out after %d s (%s)", t->n,
			       t->n == 1 ? "" : "s", t->seconds, list);
	free(list);
	return text;
}

void spatch_timeouts_free(struct spatch_timeouts *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->files[i]);
	free(t->files);
	memset(t, 0, sizeof(*t));
}

/* LOG's size now: where the output of the spatch about to run begins. */
static long log_mark(const char *log)
{
	struct stat st;
	return log && stat(log, &st) == 0 ? (long)st.st_size : 0;
}

/* The files the spatch runs that wrote LOG from MARK on gave up on, into *T (when not NULL). */
static void note_timeouts(const char *log, long mark, const char *tree, struct spatch_timeouts *t)
{
	if (!t || !log)
		return;
	size_t len = 0;
	char *text = fs_read_file(log, &len);
	if (text && (size_t)mark <= len)
		spatch_timeouts_scan(text + mark, tree, t);
	free(text);
	t->seconds = spatch_timeout();
}

char **spatch_rule_options(const char *cocci)
{
	char **words = calloc(1, sizeof(char *));
	size_t n = 0;
	char *text = fs_read_file(cocci, NULL);
	const char *line = text ? strstr(text, "\n// Options:") : NULL;
	if (line) {
		line += strlen("\n// Options:");
		char *copy = strndup(line, strcspn(line, "\n")), *save = NULL;
		for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
			fs_list_add(&words, &n, strdup(w));
		}
		free(copy);
	}
	free(text);
	return words;
}

void spatch_free_words(char **words)
{
	for (char **w = words; w && *w; w++)
		free(*w);
	free(words);
}

/* The pinned rule and tree, and the files chosen for them once (spatch_pin_selection). */
static struct {
	char *cocci, *tree;
	bool chosen;	/* the first run chose: FILES, or NULL for the whole tree */
	char **files;
} pin;

void spatch_unpin_selection(void)
{
	free(pin.cocci);
	free(pin.tree);
	prefilter_free_files(pin.files);
	memset(&pin, 0, sizeof(pin));
}

void spatch_pin_selection(const char *cocci, const char *tree)
{
	spatch_unpin_selection();
	pin.cocci = strdup(cocci);
	pin.tree = strdup(tree);
}

static char **copy_files(char **files)
{
	size_t n = fs_list_len(files);
	char **out = calloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++)
		out[i] = strdup(files[i]);
	return out;
}

/* The prefilters of the rules of one apply, read over its tree in one walk. */
static struct prefilter_memo *ahead;

void spatch_select_ahead(char *const *coccis, const char *tree)
{
	static const char *const tags[] = { PREFILTER_TAG, INCOMPLETE_IN_TAG };
	struct prefilter *pfs[PREFILTER_MEMO_MAX];
	size_t n = 0;
	char err[256];
	spatch_forget_ahead();
	for (char *const *c = coccis; *c; c++)
		for (size_t t = 0; t < 2 && n < PREFILTER_MEMO_MAX; t++)
			/* a bad line is said by the run that needs it */
			if ((pfs[n] = prefilter_load_tagged(*c, tags[t], err, sizeof(err))))
				n++;
	if (n)
		ahead = prefilter_memo_make(tree, pfs, n);
	for (size_t i = 0; i < n; i++)
		prefilter_free(pfs[i]);
}

void spatch_forget_ahead(void)
{
	prefilter_memo_free(ahead);
	ahead = NULL;
}

static bool pinned(const char *cocci, const char *tree)
{
	return pin.cocci && strcmp(pin.cocci, cocci) == 0 && strcmp(pin.tree, tree) == 0;
}

/* The files of TREE the rule's TAG lines keep (prefilter.h), or NULL for the whole tree
 * (no such line). *failed is set when a line is bad or the tree cannot be walked. A pinned
 * selection is the Prefilter lines'. */
static char **selected_files(const char *cocci, const char *tag, const char *tree,
			     const char *log, bool *failed)
{
	char err[256];
	*failed = false;
	bool pin_it = pinned(cocci, tree) && strcmp(tag, PREFILTER_TAG) == 0;
	if (pin_it && pin.chosen)
		return pin.files ? copy_files(pin.files) : NULL;
	struct prefilter *pf = prefilter_load_tagged(cocci, tag, err, sizeof(err));
	if (!pf) {
		if (err[0]) {
			msg_error("%s: %s (log: %s)", cocci, err, log);
			*failed = true;
		} else if (pin_it) {
			pin.chosen = true;
		}
		return NULL;
	}
	char **files = prefilter_memo_files(ahead, pf, tree);
	if (!files)
		files = prefilter_files(pf, tree);
	prefilter_free(pf);
	if (!files) {
		msg_error("cannot read the tree %s", tree);
		*failed = true;
	} else if (pin_it) {
		pin.chosen = true;
		pin.files = copy_files(files);
	}
	return files;
}

/* FILES as spatch's --file-groups list, one file a group (on the command line, files form one
 * group, parsed together in one process): a temporary file's path (malloc'd), or NULL. */
static char *write_groups(char **files)
{
	char path[] = "/tmp/hb-spatch-files-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f)
		return NULL;
	for (char **p = files; *p; p++)
		fprintf(f, "%s\n\n", *p);
	return fclose(f) == 0 ? strdup(path) : NULL;
}

char spatch_path_unsafe_char(const char *path)
{
	for (const char *c = path; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("/._-~,=@:%", *c))
			return *c;
	return 0;
}

bool spatch_path_safe(const char *path)
{
	return spatch_path_unsafe_char(path) == 0;
}

/* argv for one spatch over TREE (or only the files listed in GROUPS, when not NULL);
 * JOBS_ARGS ("-j", "N") or ("--max", "N", "--index", "I"). */
static char **make_argv(const char *cocci, const char *tree, const char *groups, const char *mode,
			char *const *jobs_args, char **options)
{
	static char timeout_text[16];
	char **argv = calloc(40, sizeof(char *));
	size_t n = 0;
	/* With -j, spatch keeps its workers' output in a folder it makes in the current one
	 * unless told where: never in the user's folder (a killed run would leave it there). */
	const char *fixed[] = { "spatch", "--sp-file", cocci, "-D", mode, "--very-quiet",
				"--patch", tree, "--tmp-dir", "/tmp/hb-spatch" };
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		argv[n++] = (char *)fixed[i];
	/* a file spatch cannot finish in time is given up, never a run that hangs */
	int timeout = spatch_timeout();
	if (timeout > 0) {
		snprintf(timeout_text, sizeof(timeout_text), "%d", timeout);
		argv[n++] = "--timeout";
		argv[n++] = timeout_text;
	}
	for (char *const *j = jobs_args; *j; j++)
		argv[n++] = *j;
	for (char **o = options; *o && n < 34; o++)
		argv[n++] = *o;
	argv[n++] = groups ? "--file-groups" : "--dir";
	argv[n++] = (char *)(groups ? groups : tree);
	argv[n] = NULL;
	return argv;
}

/* The --file-groups list for COCCI over TREE, from its TAG lines: *groups NULL for the whole
 * tree (no such line). Returns 0, 1 when no file is worth parsing (nothing to do), -1 on
 * failure. */
static int select_groups(const char *cocci, const char *tag, const char *tree, const char *log,
			 char **groups)
{
	bool failed;
	char **files = selected_files(cocci, tag, tree, log, &failed);
	*groups = NULL;
	if (failed)
		return -1;
	if (!files)
		return 0;
	int rc = files[0] ? 0 : 1;
	if (rc == 0 && !(*groups = write_groups(files))) {
		msg_error("cannot write a file list for spatch in /tmp");
		rc = -1;
	}
	prefilter_free_files(files);
	return rc;
}

static void drop_groups(char *groups)
{
	if (groups)
		unlink(groups);
	free(groups);
}

static char *run(const char *cocci, const char *tree, const char *mode, int jobs,
		 const char *log, int *status, struct spatch_timeouts *timed_out)
{
	char *groups;
	int sel = select_groups(cocci, PREFILTER_TAG, tree, log, &groups);
	*status = sel < 0 ? -1 : 0;
	if (sel != 0) /* failed, or nothing worth parsing: nothing to change */
		return sel < 0 ? NULL : strdup("");
	char **options = spatch_rule_options(cocci);
	char jobs_text[16];
	snprintf(jobs_text, sizeof(jobs_text), "%d", jobs > 0 ? jobs : 1);
	char *jobs_args[] = { "-j", jobs_text, NULL };
	char **argv = make_argv(cocci, tree, groups, mode, jobs_args, options);
	spawn_log_argv(log, argv);
	struct spawn_opts o = { .log_path = log };
	long mark = log_mark(log);
	char *out = spawn_capture(argv, &o, status);
	note_timeouts(log, mark, tree, timed_out);
	free(argv);
	spatch_free_words(options);
	drop_groups(groups);
	return out;
}

char *spatch_diff(const char *cocci, const char *tree, int jobs, const char *log)
{
	return spatch_diff_noting(cocci, tree, jobs, log, NULL);
}

char *spatch_diff_noting(const char *cocci, const char *tree, int jobs, const char *log,
			 struct spatch_timeouts *timed_out)
{
	int st;
	char *out = run(cocci, tree, "patch", jobs, log, &st, timed_out);
	if (!out || st != 0) {
		free(out);
		return NULL;
	}
	char *sorted = diff_sort_by_file(out);
	free(out);
	return sorted;
}

/* Report mode over JOBS processes, each taking its share of the files (--max/--index) with
 * one job and its own output file: with -j, lines printed by python script rules get lost
 * or doubled, so spatch's own workers are not used here. */
static char *run_report_shares(const char *cocci, const char *tag, const char *tree, int jobs,
			       const char *log, int *status, struct spatch_timeouts *timed_out)
{
	char *groups;
	int sel = select_groups(cocci, tag, tree, log, &groups);
	*status = sel < 0 ? -1 : 0;
	if (sel != 0)
		return sel < 0 ? NULL : strdup("");
	char **options = spatch_rule_options(cocci);
	char dir[] = "/tmp/hb-report-XXXXXX";
	char *out = NULL;
	*status = -1;
	if (!mkdtemp(dir)) {
		spatch_free_words(options);
		drop_groups(groups);
		return NULL;
	}
	int pids[64];
	char *paths[64];
	if (jobs > 64)
		jobs = 64;
	char max_text[16];
	snprintf(max_text, sizeof(max_text), "%d", jobs);
	long mark = log_mark(log);
	for (int i = 0; i < jobs; i++) {
		char index_text[16];
		snprintf(index_text, sizeof(index_text), "%d", i);
		char *share_args[] = { "--max", max_text, "--index", index_text, NULL };
		char **argv = make_argv(cocci, tree, groups, "report", share_args, options);
		spawn_log_argv(log, argv);
		paths[i] = xasprintf("%s/%d.out", dir, i);
		struct spawn_opts o = { .log_path = log, .stdout_path = paths[i] };
		pids[i] = spawn_start(argv, &o);
		free(argv);
	}
	size_t used = 0;
	out = calloc(1, 1);
	*status = 0;
	for (int i = 0; i < jobs; i++) {
		int st = pids[i] < 0 ? -1 : spawn_wait(pids[i], 0);
		if (st != 0)
			*status = st;
		size_t len = 0;
		char *text = fs_read_file(paths[i], &len);
		if (text) {
			out = xrealloc(out, used + len + 1);
			memcpy(out + used, text, len + 1);
			used += len;
		}
		free(text);
		free(paths[i]);
	}
	note_timeouts(log, mark, tree, timed_out);
	fs_remove_tree(dir);
	spatch_free_words(options);
	drop_groups(groups);
	return out;
}

/* Report mode over the files the rule's TAG lines keep; as spatch_report_noting. */
static char *report_over(const char *cocci, const char *tag, const char *tree, const char *log,
			 struct spatch_timeouts *timed_out)
{
	int st;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	char *out = run_report_shares(cocci, tag, tree, cpus > 0 ? (int)cpus : 1, log, &st,
				      timed_out);
	if (!out || st != 0) {
		free(out);
		return NULL;
	}
	size_t tl = strlen(tree);
	char *result = calloc(1, strlen(out) + 1);
	char *save = NULL;
	for (char *l = strtok_r(out, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, tree, tl) == 0 && l[tl] == '/')
			l += tl + 1;
		size_t ll = strlen(l);
		/* Skip exact duplicates. */
		bool seen = false;
		for (const char *p = result; (p = strstr(p, l)); p += ll)
			if ((p == result || p[-1] == '\n') && p[ll] == '\n') {
				seen = true;
				break;
			}
		if (!seen) {
			strcat(result, l);
			strcat(result, "\n");
		}
	}
	free(out);
	return result;
}

char *spatch_report_noting(const char *cocci, const char *tree, const char *log,
			   struct spatch_timeouts *timed_out)
{
	return report_over(cocci, PREFILTER_TAG, tree, log, timed_out);
}

char *spatch_report_incomplete(const char *cocci, const char *tree, const char *log,
			       struct spatch_timeouts *timed_out)
{
	char err[256];
	struct prefilter *pf = prefilter_load_tagged(cocci, INCOMPLETE_IN_TAG, err, sizeof(err));
	if (!pf && err[0]) {
		msg_error("%s: %s (log: %s)", cocci, err, log);
		return NULL;
	}
	const char *tag = pf ? INCOMPLETE_IN_TAG : PREFILTER_TAG;
	prefilter_free(pf);
	return report_over(cocci, tag, tree, log, timed_out);
}
