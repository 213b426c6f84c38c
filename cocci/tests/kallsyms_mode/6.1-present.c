/* kernel/kallsyms.c, 6.1 shape, mode already 0400 */
static const struct proc_ops kallsyms_proc_ops = {
	.proc_open	= kallsyms_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= seq_release_private,
};

static int __init kallsyms_init(void)
{
	proc_create("kallsyms", 0400, NULL, &kallsyms_proc_ops);
	return 0;
}
device_initcall(kallsyms_init);
