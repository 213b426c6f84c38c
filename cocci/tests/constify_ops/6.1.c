/* a protocol family, a crypto socket type, a file system and a /proc
 * seq file of the 6.1 shape */
#include <linux/module.h>
#include <linux/net.h>
#include <net/sock.h>
#include <crypto/if_alg.h>
#include <linux/fs.h>
#include <linux/xattr.h>
#include <linux/seq_file.h>

static int baz_release(struct socket *sock)
{
	return 0;
}

static int baz_bind(struct socket *sock, struct sockaddr *addr, int len)
{
	return -EINVAL;
}

static struct proto_ops baz_dgram_ops = {
	.family		= PF_BAZ,
	.release	= baz_release,
	.bind		= baz_bind,
	.owner		= THIS_MODULE,
};

static int baz_create(struct net *net, struct socket *sock, int protocol,
		      int kern)
{
	sock->ops = &baz_dgram_ops;
	return 0;
}

static struct net_proto_family baz_pf = {
	.family	= PF_BAZ,
	.create	= baz_create,
	.owner	= THIS_MODULE,
};

/* struct af_alg_type's ops is "struct proto_ops *": af_alg_register_type()
 * writes its owner, so this one must stay writable */
static struct proto_ops baz_alg_ops = {
	.family		= PF_ALG,
	.release	= af_alg_release,
};

static const struct af_alg_type baz_alg_type = {
	.ops	= &baz_alg_ops,
	.name	= "baz",
	.owner	= THIS_MODULE,
};

/* forward declaration, as the super block setup comes first */
static struct super_operations bazfs_super_ops;

static int bazfs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_op = &bazfs_super_ops;
	return 0;
}

static void bazfs_put_super(struct super_block *sb)
{
}

static struct super_operations bazfs_super_ops = {
	.put_super	= bazfs_put_super,
	.statfs		= simple_statfs,
};

static int bazfs_xattr_get(const struct xattr_handler *handler,
			   struct dentry *dentry, struct inode *inode,
			   const char *name, void *buffer, size_t size)
{
	return -EOPNOTSUPP;
}

static struct xattr_handler bazfs_xattr_user_handler = {
	.prefix	= XATTR_USER_PREFIX,
	.get	= bazfs_xattr_get,
};

static struct xattr_handler bazfs_xattr_trusted_handler = {
	.prefix	= XATTR_TRUSTED_PREFIX,
	.get	= bazfs_xattr_get,
};

const struct xattr_handler *bazfs_xattr_handlers[] = {
	&bazfs_xattr_user_handler,
	&bazfs_xattr_trusted_handler,
	NULL
};

static void *baz_states_start(struct seq_file *s, loff_t *pos)
{
	return NULL;
}

static void *baz_states_next(struct seq_file *s, void *v, loff_t *pos)
{
	return NULL;
}

static void baz_states_stop(struct seq_file *s, void *v)
{
}

static int baz_states_show(struct seq_file *s, void *v)
{
	return 0;
}

static struct seq_operations baz_states_seq_ops = {
	.start	= baz_states_start,
	.next	= baz_states_next,
	.stop	= baz_states_stop,
	.show	= baz_states_show,
};

static int baz_states_open(struct inode *inode, struct file *file)
{
	return seq_open(file, &baz_states_seq_ops);
}

static int __init baz_init(void)
{
	int rc;

	rc = af_alg_register_type(&baz_alg_type);
	if (rc)
		return rc;
	return sock_register(&baz_pf);
}
module_init(baz_init);
