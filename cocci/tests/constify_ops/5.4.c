/*
 * fs/nfsd/nfs4state.c, 5.4 shape: a seq_operations given to seq_open().
 */

static struct seq_operations states_seq_ops = {
	.start = states_start,
	.next = states_next,
	.stop = states_stop,
	.show = states_show
};

static int client_states_open(struct inode *inode, struct file *file)
{
	ret = seq_open(file, &states_seq_ops);
	return 0;
}
