/*
 * 6.12 drivers/tty/vt/selection.c (Debian's 6.12.118): upstream's check, present already.
 */

/**
 * set_selection_user - set the current selection.
 * @sel: user selection info
 * @tty: the console tty
 *
 * Invoked by the ioctl handle for the vt layer.
 *
 * Locking: The entire selection process is managed under the console_lock.
 * It's a lot under the lock but its hardly a performance path.
 */
int set_selection_user(const struct tiocl_selection __user *sel,
		       struct tty_struct *tty)
{
	struct tiocl_selection v;

	if (copy_from_user(&v, sel, sizeof(*sel)))
		return -EFAULT;

	/*
	 * TIOCL_SELCLEAR and TIOCL_SELPOINTER are OK to use without
	 * CAP_SYS_ADMIN as they do not modify the selection.
	 */
	switch (v.sel_mode) {
	case TIOCL_SELCLEAR:
	case TIOCL_SELPOINTER:
		break;
	default:
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
	}

	return set_selection_kernel(&v, tty);
}
