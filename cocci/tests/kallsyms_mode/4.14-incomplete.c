/*
 * kernel/kallsyms.c, 4.14 shape of a tree that creates /proc/kallsyms with
 * a mode the rule does not know (S_IFREG | S_IRUGO): left alone, and
 * report mode says "incomplete: no mode 0400".
 */
static const struct file_operations kallsyms_operations = {
	.open = kallsyms_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release_private,
};

static int __init kallsyms_init(void)
{
	proc_create("kallsyms", S_IFREG | S_IRUGO, NULL, &kallsyms_operations);
	return 0;
}
device_initcall(kallsyms_init);
