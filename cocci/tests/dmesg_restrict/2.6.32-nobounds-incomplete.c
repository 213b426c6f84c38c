/*
 * kernel/sysctl.c of a 2.6.32-based tree whose printk_delay entry has no
 * bounds at all (proc_dointvec): no bounds style to follow, so the rule
 * adds no entry and report mode says "incomplete: no sysctl entry".
 */
static int zero;
static int __maybe_unused one = 1;

static struct ctl_table kern_table[] = {
#if defined CONFIG_PRINTK
	{
		.ctl_name	= CTL_UNNUMBERED,
		.procname	= "printk_delay",
		.data		= &printk_delay_msec,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= &proc_dointvec,
	},
#endif
	{ .ctl_name = 0 }
};
