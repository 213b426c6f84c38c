/* kernel/kallsyms.c, 4.4 shape of a tree that spells the mode S_IRUGO (becomes S_IRUSR) */
static const struct file_operations kallsyms_operations = {
	.open = kallsyms_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

static int __init kallsyms_init(void)
{
	proc_create("kallsyms", S_IRUGO, NULL, &kallsyms_operations);
	return 0;
}
device_initcall(kallsyms_init);
