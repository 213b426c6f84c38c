/* SPDX-License-Identifier: GPL-2.0-only */
/* The files that name a program the kernel runs as full root, in the initial namespaces:
 * whoever writes one of them runs what it likes as root at the next event, so that each is a
 * way out of a container. kernel.modules_restrict guards them alike. */
#ifndef HB_KNOBS_H
#define HB_KNOBS_H

#include <stddef.h>

struct hb_knob {
	const char *key;	/* part of the case names: "modprobe" */
	const char *path;	/* the file */
	const char *foreign;	/* a value naming a program of the writer's choice */
};

/* kernel.modprobe (run for every module autoload), kernel.core_pattern ("|program": run
 * for every crash), kernel.hotplug and /sys/kernel/uevent_helper (the uevent helper: run
 * for every uevent). */
extern const struct hb_knob hb_knobs[];
extern const size_t hb_n_knobs;

#endif
