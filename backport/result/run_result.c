// SPDX-License-Identifier: GPL-2.0-only
#include "run_result.h"

#include "exitcodes.h"
#include "msg.h"
#include "sha256.h"

#include <stdlib.h>
#include <string.h>

static const char *const stage_names[RUN_STAGES] = {
	"fetch", "apply", "build vanilla", "test vanilla", "build patched", "test patched",
};
static const char *const status_names[] = { "skipped", "ok", "failed", "broken" };
static const char *const flavour_names[FLAVOURS] = { "vanilla", "patched" };
static const char *const row_names[] = { "not run", "pass", "fail", "partial" };
static const char *const verdict_ids[VERDICTS] = {
	"proven", "upstream", "not-applicable", "no-regression", "failed-patched",
	"failed-vanilla", "not-proven", "not-tested", "stage-failed",
};
static const char *const verdict_texts[VERDICTS] = {
	"patched and proven", "present upstream", "not applicable", "no regression",
	"FAILED on patched", "FAILED on vanilla", "NOT PROVEN: vanilla passes",
	"NOT TESTED: no guest suite", NULL,
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int find(const char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; name && i < n; i++)
		if (names[i] && strcmp(names[i], name) == 0)
			return (int)i;
	return -1;
}

const char *run_stage_name(enum run_stage_id s) { return stage_names[s]; }
const char *stage_status_name(enum stage_status s) { return status_names[s]; }
const char *flavour_name(enum flavour f) { return flavour_names[f]; }
const char *row_state_name(enum row_state s) { return row_names[s]; }
const char *verdict_id(enum verdict v) { return verdict_ids[v]; }

int run_stage_from_name(const char *name) { return find(stage_names, COUNT(stage_names), name); }
int stage_status_from_name(const char *name) { return find(status_names, COUNT(status_names), name); }
int row_state_from_name(const char *name) { return find(row_names, COUNT(row_names), name); }
int verdict_from_id(const char *id) { return find(verdict_ids, COUNT(verdict_ids), id); }

const char *run_feature_label(const struct run_feature *f)
{
	return f->name ? f->name : "(regression smoke)";
}

void run_feature_verdict_text(const struct run_feature *f, char *buf, size_t len)
{
	if (f->verdict == VERDICT_STAGE_FAILED)
		msg_format(buf, len, "stage %s failed", stage_names[f->failed_stage]);
	else
		msg_format(buf, len, "%s", verdict_texts[f->verdict]);
}

bool verdict_ok(enum verdict v)
{
	return v == VERDICT_PROVEN || v == VERDICT_UPSTREAM || v == VERDICT_NOT_APPLICABLE ||
	       v == VERDICT_NO_REGRESSION;
}

int run_result_failed_stage(const struct run_result *r)
{
	for (int s = 0; s < RUN_STAGES; s++)
		if (r->stages[s].status == STAGE_FAILED || r->stages[s].status == STAGE_BROKEN)
			return s;
	return -1;
}

int run_result_exit_code(const struct run_result *r)
{
	int worst = HB_EXIT_OK;
	for (int s = 0; s < RUN_STAGES; s++) {
		const struct run_stage *st = &r->stages[s];
		int code = st->status == STAGE_BROKEN ? st->exit_code
			   : st->status == STAGE_FAILED ? HB_EXIT_FAILED : HB_EXIT_OK;
		if (st->status == STAGE_BROKEN && code != HB_EXIT_USAGE)
			code = HB_EXIT_ENV;
		if (code > worst)
			worst = code;
	}
	for (size_t i = 0; i < r->n_features && worst == HB_EXIT_OK; i++)
		if (!verdict_ok(r->features[i].verdict))
			worst = HB_EXIT_FAILED;
	return worst;
}

double run_result_seconds(const struct run_result *r)
{
	double total = 0;
	for (int s = 0; s < RUN_STAGES; s++)
		total += r->stages[s].seconds;
	return total;
}

void run_result_free(struct run_result *r)
{
	free(r->kernel);
	free(r->version);
	free(r->run_id);
	free(r->started);
	free(r->finished);
	for (int s = 0; s < RUN_STAGES; s++) {
		free(r->stages[s].log);
		free(r->stages[s].detail);
	}
	for (size_t i = 0; i < r->n_suites; i++) {
		free(r->suites[i].name);
		free(r->suites[i].feature);
	}
	free(r->suites);
	for (size_t i = 0; i < r->n_features; i++) {
		free(r->features[i].name);
		free(r->features[i].log);
		free(r->features[i].not_examined);
	}
	free(r->features);
	for (int f = 0; f < FLAVOURS; f++) {
		struct run_flavour *fl = &r->flavour[f];
		guest_boot_free(&fl->boot);
		free(fl->console_log);
		free(fl->results_path);
		json_decref(fl->results);
		fuzz_result_free(&fl->fuzz);
		hc_flavour_free(&fl->checker);
	}
	run_series_free(&r->series);
	memset(r, 0, sizeof(*r));
}

void run_series_free(struct run_series *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->patches[i].name);
	free(s->patches);
	memset(s, 0, sizeof(*s));
}

void run_series_hash(struct run_series *s)
{
	if (!s->n) {
		s->patchset_hash[0] = '\0';
		return;
	}
	char *text = malloc(s->n * (SHA256_HEX_LEN + 1) + 1);
	if (!text)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		memcpy(text + i * (SHA256_HEX_LEN + 1), s->patches[i].sha256, SHA256_HEX_LEN);
		text[i * (SHA256_HEX_LEN + 1) + SHA256_HEX_LEN] = '\n';
	}
	sha256_hex(text, s->n * (SHA256_HEX_LEN + 1), s->patchset_hash);
	free(text);
}
