/* crypto/api.c, 7.2, as modules_restrict leaves it: a privileged request looks
 * an algorithm up again where another's larval failed. */
static struct crypto_alg *crypto_larval_wait(struct crypto_alg *alg,
					     u32 type, u32 mask);
static struct crypto_alg *crypto_larval_retry(struct crypto_alg *alg)
{
	/*
	 * kernel.modules_restrict: a larval another task made may have
	 * failed because the level refused that task's autoloads.  A task
	 * the level lets autoload looks the algorithm up again itself (its
	 * caller retries on -EAGAIN) rather than take that refusal for its
	 * own.
	 */
	if (alg == ERR_PTR(-ENOENT) && modules_restrict_privileged()) {
		/*
		 * The failed larval stays listed until its task removes
		 * it: let that task run before the lookup comes back to
		 * it, rather than spin where the kernel does not preempt.
		 */
		cond_resched();
		return ERR_PTR(-EAGAIN);
	}
	return alg;
}

static struct crypto_alg *crypto_larval_add(const char *name, u32 type,
					    u32 mask)
{
	struct crypto_alg *alg;
	struct crypto_larval *larval;

	larval = crypto_larval_alloc(name, type, mask);
	if (IS_ERR(larval))
		return ERR_CAST(larval);

	refcount_set(&larval->alg.cra_refcnt, 2);

	down_write(&crypto_alg_sem);
	alg = __crypto_alg_lookup(name, type, mask);
	if (!alg) {
		alg = &larval->alg;
		list_add(&alg->cra_list, &crypto_alg_list);
	}
	up_write(&crypto_alg_sem);

	if (alg != &larval->alg) {
		kfree(larval);
		if (crypto_is_larval(alg))
			alg = crypto_larval_retry(crypto_larval_wait(alg, type, mask));
	}

	return alg;
}

static struct crypto_alg *crypto_larval_lookup(const char *name, u32 type,
					       u32 mask)
{
	struct crypto_alg *alg;

	if (!name)
		return ERR_PTR(-ENOENT);

	type &= ~(CRYPTO_ALG_LARVAL | CRYPTO_ALG_DEAD);
	mask &= ~(CRYPTO_ALG_LARVAL | CRYPTO_ALG_DEAD);

	alg = crypto_alg_lookup(name, type, mask);
	if (!alg && !(mask & CRYPTO_NOLOAD)) {
		request_module("crypto-%s", name);

		if (!((type ^ CRYPTO_ALG_NEED_FALLBACK) & mask &
		      CRYPTO_ALG_NEED_FALLBACK))
			request_module("crypto-%s-all", name);

		alg = crypto_alg_lookup(name, type, mask);
	}

	if (!IS_ERR_OR_NULL(alg) && crypto_is_larval(alg))
		alg = crypto_larval_retry(crypto_larval_wait(alg, type, mask));
	else if (alg)
		;
	else if (!(mask & CRYPTO_ALG_TESTED))
		alg = crypto_larval_add(name, type, mask);
	else
		alg = ERR_PTR(-ENOENT);

	return alg;
}

struct crypto_alg *crypto_alg_mod_lookup(const char *name, u32 type, u32 mask)
{
	struct crypto_alg *alg;
	struct crypto_alg *larval;
	int ok;

	/*
	 * If the internal flag is set for a cipher, require a caller to
	 * invoke the cipher with the internal flag to use that cipher.
	 * Also, if a caller wants to allocate a cipher that may or may
	 * not be an internal cipher, use type | CRYPTO_ALG_INTERNAL and
	 * !(mask & CRYPTO_ALG_INTERNAL).
	 */
	if (!((type | mask) & CRYPTO_ALG_INTERNAL))
		mask |= CRYPTO_ALG_INTERNAL;

	larval = crypto_larval_lookup(name, type, mask);
	if (IS_ERR(larval) || !crypto_is_larval(larval))
		return larval;

	ok = crypto_probing_notify(CRYPTO_MSG_ALG_REQUEST, larval);

	if (ok == NOTIFY_STOP)
		alg = crypto_larval_wait(larval, type, mask);
	else {
		crypto_mod_put(larval);
		alg = ERR_PTR(-ENOENT);
	}
	crypto_larval_kill(container_of(larval, struct crypto_larval, alg));
	return alg;
}
