/*
 * Which seq_file printers reach only files that root alone reads (6.1
 * shapes).  debugfs and tracefs are mounted mode 0700: a bare %p there
 * stays, as in a procfs file of mode 0400 (kernel/locking/lockdep_proc.c);
 * one a world-readable procfs file shows too becomes %pK.
 */

/* drivers/dma/pxa_dma.c: DEFINE_SHOW_ATTRIBUTE() and debugfs_create_file() */
static int descriptors_show(struct seq_file *s, void *p)
{
	seq_printf(s, "[%03d] Desc at %08lx(virt %p)\n", i, dma, virt);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(descriptors);

static void pxad_init_debugfs(struct pxad_device *pdev)
{
	debugfs_create_file("descriptors", 0400, chan, dt, &descriptors_fops);
}

/* drivers/usb/gadget/udc/lpc32xx_udc.c: a helper of a debugfs show function */
static void proc_ep_show(struct seq_file *s, struct lpc32xx_ep *ep)
{
	seq_printf(s, "\treq %p len %d/%d buf %p\n", req, len, actual, buf);
}

static int udc_show(struct seq_file *s, void *unused)
{
	proc_ep_show(s, &udc->ep[0]);
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(udc);

static void create_debug_file(struct lpc32xx_udc *udc)
{
	debugfs_create_file(debug_filename, 0, NULL, udc, &udc_fops);
}

/* drivers/net/wireless/ath/wil6210/debugfs.c: a table of files */
static int txdesc_show(struct seq_file *s, void *data)
{
	seq_printf(s, "  SKB = 0x%p\n", skb);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(txdesc);

static const struct {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
} dbg_files[] = {
	{"desc", 0444, &txdesc_fops},
};

static void wil6210_debugfs_init_files(struct wil6210_priv *wil,
				       struct dentry *dbg)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(dbg_files); i++)
		debugfs_create_file(dbg_files[i].name, dbg_files[i].mode, dbg,
				    wil, dbg_files[i].fops);
}

/* kernel/locking/lockdep_proc.c: seq_operations, procfs mode 0400 */
static int l_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%p", class->key);
	return 0;
}

static const struct seq_operations lockdep_ops = {
	.start	= l_start,
	.next	= l_next,
	.stop	= l_stop,
	.show	= l_show,
};

static int __init lockdep_proc_init(void)
{
	proc_create_seq("lockdep", S_IRUSR, NULL, &lockdep_ops);
	return 0;
}

/* drivers/usb/gadget/udc/omap_udc.c: procfs, mode 0 (0444) */
static void proc_ep_show_omap(struct seq_file *s, struct omap_ep *ep)
{
	seq_printf(s, "\treq %p len %d/%d buf %p\n", req, len, actual, buf);
}

static int proc_udc_show(struct seq_file *s, void *_)
{
	proc_ep_show_omap(s, &udc->ep[0]);
	return 0;
}

static void create_proc_file(void)
{
	proc_create_single(proc_filename, 0, NULL, proc_udc_show);
}

/* a debugfs file and a world-readable procfs file of one show function */
static int both_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%p\n", v);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(both);

static void both_init(void)
{
	debugfs_create_file("both", 0444, NULL, NULL, &both_fops);
	proc_create_single("both", 0444, NULL, both_show);
}

/* block/blk-mq-debugfs.c: a function other files call may print anywhere */
int __blk_mq_debugfs_rq_show(struct seq_file *m, struct request *rq)
{
	seq_printf(m, "%p {.op=", rq);
	return 0;
}
