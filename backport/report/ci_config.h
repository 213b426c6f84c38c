/* SPDX-License-Identifier: GPL-2.0-only */
/* CI configurations for the matrix, generated from kernels.list. */
#ifndef HB_CI_CONFIG_H
#define HB_CI_CONFIG_H

#include "kernels_list.h"

/* The configuration for WHICH ("github" or "gitlab") as a malloc'd string; NULL for another. */
char *ci_config_text(const char *which, const struct kernel_list *list);

#endif
