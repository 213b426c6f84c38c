/*
 * fs/vboxsf/super.c, 5.15 shape: a super_operations with a forward
 * declaration, set as the super block's s_op.
 */

static struct super_operations vboxsf_super_ops; /* forward declaration */

static int vboxsf_fill_super(struct super_block *sb, struct fs_context *fc)
{
	sb->s_op = &vboxsf_super_ops;
	return err;
}

static struct super_operations vboxsf_super_ops = {
	.alloc_inode	= vboxsf_alloc_inode,
	.free_inode	= vboxsf_free_inode,
	.put_super	= vboxsf_put_super,
	.statfs		= vboxsf_statfs,
};
