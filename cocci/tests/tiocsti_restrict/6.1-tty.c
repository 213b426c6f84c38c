/*
 * 6.1 drivers/tty/tty.h (6.1.192), the tty core's internal header since 5.14: it declares
 * tty_sysctl_init(), and the declaration of tty_legacy_tiocsti goes right after it.
 */
int tty_ldisc_setup(struct tty_struct *tty, struct tty_struct *o_tty);
void tty_ldisc_release(struct tty_struct *tty);
int __must_check tty_ldisc_init(struct tty_struct *tty);
void tty_ldisc_deinit(struct tty_struct *tty);

void tty_sysctl_init(void);

/* tty_audit.c */
#ifdef CONFIG_AUDIT
void tty_audit_add_data(const struct tty_struct *tty, const void *data, size_t size);
void tty_audit_tiocsti(const struct tty_struct *tty, char ch);
#else
static inline void tty_audit_add_data(const struct tty_struct *tty, const void *data,
				      size_t size)
{
}
#endif
