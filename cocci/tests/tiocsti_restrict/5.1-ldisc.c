/*
 * 5.1 drivers/tty/tty_ldisc.c (7c0cca7c847e, "tty: ldisc: add sysctl to prevent autoloading
 * of ldiscs"): the first dev.tty table, bounded by the file's own zero and one and handled by
 * proc_dointvec: legacy_tiocsti takes the same.
 */
static int tty_ldisc_autoload = IS_BUILTIN(CONFIG_LDISC_AUTOLOAD);

static int zero;
static int one = 1;
static struct ctl_table tty_table[] = {
	{
		.procname	= "ldisc_autoload",
		.data		= &tty_ldisc_autoload,
		.maxlen		= sizeof(tty_ldisc_autoload),
		.mode		= 0644,
		.proc_handler	= proc_dointvec,
		.extra1		= &zero,
		.extra2		= &one,
	},
	{ }
};

void tty_sysctl_init(void)
{
	register_sysctl_table(tty_root_table);
}
