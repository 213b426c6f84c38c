/*
 * A vendor drivers/tty/vt/selection.c on a 5.10 base whose set_selection_user() does more
 * between reading the request and handing it on: no place known for the check of its mode, so
 * report mode says incomplete.
 */

/**
 *	set_selection_user	-	set the current selection.
 *	@sel: user selection info
 *	@tty: the console tty
 *
 *	Invoked by the ioctl handle for the vt layer.
 *
 *	The entire selection process is managed under the console_lock. It's
 *	 a lot under the lock but its hardly a performance path
 */
int set_selection_user(const struct tiocl_selection __user *sel,
		       struct tty_struct *tty)
{
	struct tiocl_selection v;

	if (copy_from_user(&v, sel, sizeof(*sel)))
		return -EFAULT;

	vendor_note_selection(&v);
	return set_selection_kernel(&v, tty);
}
