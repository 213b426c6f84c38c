/*
 * 2.6.32 drivers/char/tty_io.c (2.6.32.67): tiocsti() as later trees have it, no dev.tty
 * table at all: refused as on 4.19.
 */
static int tiocsti(struct tty_struct *tty, char __user *p)
{
	char ch, mbz = 0;
	struct tty_ldisc *ld;

	if ((current->signal->tty != tty) && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (get_user(ch, p))
		return -EFAULT;
	tty_audit_tiocsti(tty, ch);
	ld = tty_ldisc_ref(tty);
	ld->ops->receive_buf(tty, &ch, &mbz, 1);
	tty_ldisc_deref(ld);
	return 0;
}

static int __init tty_init(void)
{
	cdev_init(&tty_cdev, &tty_fops);
	return 0;
}
