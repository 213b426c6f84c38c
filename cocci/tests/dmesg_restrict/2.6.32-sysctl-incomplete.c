/*
 * kernel/sysctl.c of a 2.6.32-based tree whose printk_delay entry has
 * bounds of its own (.extra1 = &printk_delay_min): the rule knows the
 * styles &zero/&one and SYSCTL_ZERO/SYSCTL_ONE only, so it adds no entry
 * and report mode says "incomplete: no sysctl entry".
 */
static int zero;
static int __maybe_unused one = 1;
static int __maybe_unused two = 2;
#ifdef CONFIG_PRINTK
static int printk_delay_min;
static int printk_delay_max = 10000;
#endif

static struct ctl_table kern_table[] = {
#if defined CONFIG_PRINTK
	{
		.ctl_name	= KERN_PRINTK,
		.procname	= "printk",
		.data		= &console_loglevel,
		.maxlen		= 4*sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec,
	},
	{
		.ctl_name	= CTL_UNNUMBERED,
		.procname	= "printk_delay",
		.data		= &printk_delay_msec,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec_minmax,
		.strategy	= &sysctl_intvec,
		.extra1		= &printk_delay_min,
		.extra2		= &printk_delay_max,
	},
#endif
	{ .ctl_name = 0 }
};
