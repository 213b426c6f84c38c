// SPDX-License-Identifier: GPL-2.0-only
#include "knobs.h"

#include "hb_paths.h"

const struct hb_knob hb_knobs[] = {
	{ "modprobe", HB_SYSCTL_MODPROBE, "/tmp/hb-not-modprobe\n" },
	{ "core_pattern", HB_SYSCTL_CORE_PATTERN, "|/tmp/hb-not-a-helper %p\n" },
	{ "hotplug", HB_SYSCTL_HOTPLUG, "/tmp/hb-not-a-helper\n" },
	{ "uevent_helper", HB_UEVENT_HELPER, "/tmp/hb-not-a-helper\n" },
};
const size_t hb_n_knobs = sizeof(hb_knobs) / sizeof(hb_knobs[0]);
