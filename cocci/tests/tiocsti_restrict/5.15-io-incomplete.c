/*
 * A vendor drivers/tty/tty_io.c on a 5.15 base whose tiocsti() tests the controlling
 * terminal in a helper of its own: no check of the known shape to put legacy_tiocsti's
 * before, so report mode says incomplete.
 */
static int tiocsti(struct tty_struct *tty, char __user *p)
{
	char ch, mbz = 0;
	struct tty_ldisc *ld;

	if (!vendor_may_fake_input(tty))
		return -EPERM;
	if (get_user(ch, p))
		return -EFAULT;
	return 0;
}

int __init tty_init(void)
{
	tty_sysctl_init();
	return 0;
}
