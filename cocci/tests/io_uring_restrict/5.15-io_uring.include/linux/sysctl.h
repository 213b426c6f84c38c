/* SPDX-License-Identifier: GPL-2.0 */
/* Golden case: what include/linux/sysctl.h of the stable trees that carry
 * this io_uring (5.15.y, and 5.10.y from 5.10.162: Debian's 5.10.262)
 * declares that io_uring_restrict reads: SYSCTL_TWO among the shared
 * bounds and register_sysctl_init(), both taken from 5.17. */
#ifndef _LINUX_SYSCTL_H
#define _LINUX_SYSCTL_H

/* Keep the same order as in fs/proc/proc_sysctl.c */
#define SYSCTL_NEG_ONE			((void *)&sysctl_vals[0])
#define SYSCTL_ZERO			((void *)&sysctl_vals[1])
#define SYSCTL_ONE			((void *)&sysctl_vals[2])
#define SYSCTL_TWO			((void *)&sysctl_vals[3])
#define SYSCTL_FOUR			((void *)&sysctl_vals[4])
#define SYSCTL_ONE_HUNDRED		((void *)&sysctl_vals[5])
#define SYSCTL_TWO_HUNDRED		((void *)&sysctl_vals[6])
#define SYSCTL_ONE_THOUSAND		((void *)&sysctl_vals[7])
#define SYSCTL_THREE_THOUSAND		((void *)&sysctl_vals[8])
#define SYSCTL_INT_MAX			((void *)&sysctl_vals[9])

extern const int sysctl_vals[];

struct ctl_table_header *register_sysctl(const char *path, struct ctl_table *table);
struct ctl_table_header *register_sysctl_table(struct ctl_table * table);

extern void __register_sysctl_init(const char *path, struct ctl_table *table,
				 const char *table_name);
#define register_sysctl_init(path, table) __register_sysctl_init(path, table, #table)

#endif /* _LINUX_SYSCTL_H */
