/*
 * mm/zswap.c, 4.14 shape: kernel_param_ops given to module_param_cb().
 */

static struct kernel_param_ops zswap_enabled_param_ops = {
	.set =		zswap_enabled_param_set,
	.get =		param_get_bool,
};

module_param_cb(enabled, &zswap_enabled_param_ops, &zswap_enabled, 0644);

static struct kernel_param_ops zswap_compressor_param_ops = {
	.set =		zswap_compressor_param_set,
	.get =		param_get_charp,
	.free =		param_free_charp,
};

module_param_cb(compressor, &zswap_compressor_param_ops,
		&zswap_compressor, 0644);

static struct kernel_param_ops zswap_zpool_param_ops = {
	.set =		zswap_zpool_param_set,
	.get =		param_get_charp,
	.free =		param_free_charp,
};

module_param_cb(zpool, &zswap_zpool_param_ops, &zswap_zpool_type, 0644);
