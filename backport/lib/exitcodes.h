/* SPDX-License-Identifier: GPL-2.0-only */
/* Exit codes of the backport driver, documented in --help and README.md. */
#ifndef HB_EXITCODES_H
#define HB_EXITCODES_H

enum hb_exit {
	HB_EXIT_OK = 0,       /* everything asked for was done */
	HB_EXIT_FAILED = 1,   /* a check or test failed */
	HB_EXIT_USAGE = 2,    /* bad usage or bad input (nothing was changed) */
	HB_EXIT_ENV = 3,      /* a tool or the environment failed */
};

#endif
