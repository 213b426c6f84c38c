/* SPDX-License-Identifier: GPL-2.0-only */
/* The options several commands take, declared and parsed in one place: a command puts the table
 * of each kind it takes in its getopt_long table and hands what getopt_long returns to
 * common_opts_take before its own options. */
#ifndef HB_COMMON_OPTS_H
#define HB_COMMON_OPTS_H

#include "ctx.h"

#include <getopt.h>

/* getopt_long's values of the shared options: long options only, above every character, so that
 * none collides with a command's own short letter. */
enum common_opt {
	COMMON_OPT_CONFIG = 0x100,
	COMMON_OPT_AUTHOR,
	COMMON_OPT_SIGNOFF,
	COMMON_OPT_COVER_LETTER,
};

/* The kinds of shared options, each with its table below. */
enum common_opts_kind {
	COMMON_OPTS_NONE = 0, /* not a shared option: the command's own */
	COMMON_OPTS_BUILD,    /* what the builds start from: build, test, run, matrix, system */
	COMMON_OPTS_SERIES,   /* the series' patches: apply, run, matrix */
};

/* --config FILE|debian:FLAVOUR (build_set_user_config) */
#define COMMON_OPTS_BUILD_TABLE { "config", required_argument, NULL, COMMON_OPT_CONFIG }
/* --author 'Name <mail>' (series_set_author), --signoff, --cover-letter */
#define COMMON_OPTS_SERIES_TABLE                                  \
	{ "author", required_argument, NULL, COMMON_OPT_AUTHOR }, \
	{ "signoff", no_argument, NULL, COMMON_OPT_SIGNOFF },     \
	{ "cover-letter", no_argument, NULL, COMMON_OPT_COVER_LETTER }

/* When C, as getopt_long returned it with ARG (its optarg), is a shared option: takes its value
 * into CTX and returns its kind, *RC set to HB_EXIT_OK or, once a message has said what is
 * wrong, HB_EXIT_USAGE. COMMON_OPTS_NONE, *RC HB_EXIT_OK, when C is the command's own. */
enum common_opts_kind common_opts_take(struct hb_ctx *ctx, int c, const char *arg, int *rc);

#endif
