/*
 * 2.6.36 shapes of the four files the 2010 patch touches, in one file:
 * include/linux/kernel.h, kernel/printk.c, kernel/sysctl.c,
 * security/commoncap.c.
 */

/* include/linux/kernel.h */
extern int printk_ratelimit(void);
extern bool printk_timed_ratelimit(unsigned long *caller_jiffies,
				   unsigned int interval_msec);

extern int printk_delay_msec;

/* kernel/printk.c */
#ifdef CONFIG_BOOT_PRINTK_DELAY
static void boot_delay_msec(void)
{
	if (boot_delay == 0 || system_state != SYSTEM_BOOTING)
		return;
	touch_nmi_watchdog();
}
#else
static inline void boot_delay_msec(void)
{
}
#endif

int do_syslog(int type, char __user *buf, int len, bool from_file)
{
	int error;

	error = security_syslog(type, from_file);
	if (error)
		return error;
	return 0;
}

SYSCALL_DEFINE3(syslog, int, type, char __user *, buf, int, len)
{
	return do_syslog(type, buf, len, SYSLOG_FROM_CALL);
}

/* kernel/sysctl.c */
static int zero;
static int __maybe_unused one = 1;
static int __maybe_unused two = 2;
static int ten_thousand = 10000;

static struct ctl_table kern_table[] = {
	{
		.procname	= "sched_child_runs_first",
		.data		= &sysctl_sched_child_runs_first,
		.maxlen		= sizeof(unsigned int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
	},
#if defined CONFIG_PRINTK
	{
		.procname	= "printk",
		.data		= &console_loglevel,
		.maxlen		= 4*sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
	},
	{
		.procname	= "printk_delay",
		.data		= &printk_delay_msec,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= proc_dointvec_minmax,
		.extra1		= &zero,
		.extra2		= &ten_thousand,
	},
#endif
	{
		.procname	= "ngroups_max",
		.data		= &ngroups_max,
		.maxlen		= sizeof (int),
		.mode		= 0444,
		.proc_handler	= proc_dointvec,
	},
	{ }
};

/* security/commoncap.c */
int cap_syslog(int type, bool from_file)
{
	if (type != SYSLOG_ACTION_OPEN && from_file)
		return 0;
	if ((type != SYSLOG_ACTION_READ_ALL &&
	     type != SYSLOG_ACTION_SIZE_BUFFER) && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	return 0;
}
