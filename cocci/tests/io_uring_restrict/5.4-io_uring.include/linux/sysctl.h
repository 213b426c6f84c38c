/* SPDX-License-Identifier: GPL-2.0 */
/* Golden case: what include/linux/sysctl.h of 5.4.286 declares that
 * io_uring_restrict reads: SYSCTL_ZERO (5.3 on), no SYSCTL_TWO (5.17, not
 * taken by 5.4.y), register_sysctl_init() (taken by 5.4.y). */
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
extern void __register_sysctl_init(const char *path, struct ctl_table *table,
				 const char *table_name);
#define register_sysctl_init(path, table) __register_sysctl_init(path, table, #table)

#endif /* _LINUX_SYSCTL_H */
