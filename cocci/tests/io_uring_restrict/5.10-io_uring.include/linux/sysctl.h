/* SPDX-License-Identifier: GPL-2.0 */
/* Golden case: what include/linux/sysctl.h of 5.10 (upstream's 5.10.13)
 * declares that io_uring_restrict reads: SYSCTL_ZERO, no SYSCTL_TWO and no
 * register_sysctl_init() (both 5.17; stable 5.10.y took them later). */
#ifndef _LINUX_SYSCTL_H
#define _LINUX_SYSCTL_H

/* Keep the same order as in fs/proc/proc_sysctl.c */
#define SYSCTL_ZERO	((void *)&sysctl_vals[0])
#define SYSCTL_ONE	((void *)&sysctl_vals[1])
#define SYSCTL_INT_MAX	((void *)&sysctl_vals[2])

extern const int sysctl_vals[];

struct ctl_table_header *register_sysctl(const char *path, struct ctl_table *table);
struct ctl_table_header *register_sysctl_table(struct ctl_table * table);
struct ctl_table_header *register_sysctl_paths(const struct ctl_path *path,
						struct ctl_table *table);

void unregister_sysctl_table(struct ctl_table_header * table);

extern int sysctl_init(void);

#endif /* _LINUX_SYSCTL_H */
