/*
 * 5.10 drivers/tty/tty_io.c: its own extern of tty_sysctl_init() (upstream's 5.10 has no
 * drivers/tty/tty.h; where a tty.h beside it declares tty_sysctl_init() too, as in
 * Debian's 5.10.262, the extern of tty_legacy_tiocsti goes there only), tty_init()
 * registers dev.tty, tiocsti() checks the caller's controlling terminal: the check of
 * legacy_tiocsti goes right before it.
 */
static DEFINE_SPINLOCK(redirect_lock);
static struct file *redirect;

extern void tty_sysctl_init(void);

static int tiocsti(struct tty_struct *tty, char __user *p)
{
	char ch, mbz = 0;
	struct tty_ldisc *ld;

	if ((current->signal->tty != tty) && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (get_user(ch, p))
		return -EFAULT;
	tty_audit_tiocsti(tty, ch);
	ld = tty_ldisc_ref_wait(tty);
	if (!ld)
		return -EIO;
	tty_buffer_lock_exclusive(tty->port);
	if (ld->ops->receive_buf)
		ld->ops->receive_buf(tty, &ch, &mbz, 1);
	tty_buffer_unlock_exclusive(tty->port);
	tty_ldisc_deref(ld);
	return 0;
}

int __init tty_init(void)
{
	tty_sysctl_init();
	cdev_init(&tty_cdev, &tty_fops);
	if (cdev_add(&tty_cdev, MKDEV(TTYAUX_MAJOR, 0), 1) ||
	    register_chrdev_region(MKDEV(TTYAUX_MAJOR, 0), 1, "/dev/tty") < 0)
		panic("Couldn't register /dev/tty driver\n");
	return 0;
}
