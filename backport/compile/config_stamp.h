/* SPDX-License-Identifier: GPL-2.0-only */
/* Whether a build directory's .config is still what configuring would write: `make tinyconfig`,
 * the repo's fragment, `make olddefconfig` depend only on the fragment and on the Kconfig inputs
 * of the sources (Kconfig files, kernel/configs and arch configs, scripts/, the Makefiles that
 * set the version). The stamp, written into out/ after a configure, is a record (record.h)
 * "config-stamp" with a hash of each:
 *   "fragment": HASH
 *   "kconfig": HASH   (the source record's pristine tree and its files that are Kconfig inputs)
 *   "config": HASH    (the .config the configure wrote)
 * When all three still hold, configuring again would change nothing, and skipping it saves
 * about 20 s per build (two Kconfig parses, and kbuild's syncconfig that a rewritten .config
 * sets off). A compiler change is kbuild's to notice: syncconfig reruns when it sees one. */
#ifndef HB_CONFIG_STAMP_H
#define HB_CONFIG_STAMP_H

#include <stdbool.h>

/* The file in out/ that holds the stamp. */
#define CONFIG_STAMP_FILE ".hb-config-stamp"

/* Whether PATH (relative to the kernel tree) is read by Kconfig or by the config targets. */
bool config_stamp_kconfig_input(const char *path);
/* The stamp text for FRAGMENT (its content), RECORD (source_record.h) and CONFIG (.config). */
char *config_stamp_make(const char *fragment, const char *record, const char *config);
/* Whether STAMP (NULL: none) is the one config_stamp_make would write for these inputs. */
bool config_stamp_current(const char *stamp, const char *fragment, const char *record,
			  const char *config);

#endif
