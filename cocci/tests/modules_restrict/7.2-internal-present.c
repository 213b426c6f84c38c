/* crypto/internal.h, 7.2, with the mark of a refused requester's larval already in. */
struct crypto_larval {
	struct crypto_alg alg;
	struct crypto_alg *adult;
	struct completion completion;
	u32 mask;
	/* made for a requester kernel.modules_restrict refuses autoloads */
	bool refused;
	bool test_started;
};

static inline int crypto_is_larval(struct crypto_alg *alg)
{
	return alg->cra_flags & CRYPTO_ALG_LARVAL;
}

static inline int crypto_is_moribund(struct crypto_alg *alg)
{
	return alg->cra_flags & (CRYPTO_ALG_DEAD | CRYPTO_ALG_DYING);
}

static inline bool crypto_larval_passed_over(struct crypto_alg *alg)
{
	/*
	 * kernel.modules_restrict: the probe of a larval acts for the
	 * requester that made it (crypto/algboss.c), and fails when the level
	 * refuses that requester's autoloads.  Such a larval is marked when it
	 * is made (crypto_larval_add()); a requester the level lets autoload
	 * passes over it and makes and probes a larval of its own, instead of
	 * taking that refusal.
	 */
	struct crypto_larval *larval = (void *)alg;

	if (!crypto_is_larval(alg) || !larval->refused)
		return false;
	return modules_restrict_privileged();
}
