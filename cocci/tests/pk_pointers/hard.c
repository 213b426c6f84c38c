/*
 * Hard cases of the format strings, in seq_file and sysfs show shapes.
 */

static int hard_seq_show(struct seq_file *m, void *v)
{
	struct foo *f = v;

	/* a run of adjacent literals, one %p in each piece */
	seq_printf(m, "a %p"
		   " b %p\n", f, f->next);
	/* comments and line breaks between the pieces stay as they are */
	seq_printf(m, "obj %p" /* the object */
		      " ops %p" // its operations
		      "\n", f, f->ops);
	/* the compiler joins the pieces: "%p" "S" is %pS, "%p" "K" is %pK */
	seq_printf(m, "%p" "S" " %p" "K\n", f->fn, f);
	/* two in one string, beside other conversions */
	seq_printf(m, "%d %p %s %p\n", f->id, f, f->name, f->data);
	/* %% is a literal percent: "%%p" is text, "%%%p" a literal % then %p */
	seq_printf(m, "100%%p %d%%%p\n", f->load, f);
	/* extensions stay */
	seq_printf(m, "%pS %ps %pI4 %pI6c %pM %px %pa %pad %pd %pD %pV %pU %pR\n",
		   f->fn, f->fn, &f->v4, &f->v6, f->mac, f, &f->phys, &f->dma,
		   f->dentry, f->file, &f->vaf, f->uuid, f->res);
	/* flags, width, precision and length are still a bare %p */
	seq_printf(m, "[%16p] [%-16p] [%*p] [%.8p] [%#p] [%lp]\n", f, f, 16, f,
		   f, f, f);
	/* end of string, then punctuation, escapes and spaces after %p */
	seq_printf(m, "%p", f);
	seq_printf(m, "<%p>,%p;%p\t%p\\%p\"\n", f, f, f, f, f, f);
	/* already %pK: nothing to do */
	seq_printf(m, "%pK %pK\n", f, f->next);
	/* %pK and a bare %p in one string: the bare one changes */
	seq_printf(m, "%pK %p\n", f, f->next);
	/* an escape sequence right after %p could be a letter: left alone */
	seq_printf(m, "%p\x41\n", f);
	/* the format is not a literal: left alone */
	seq_printf(m, FOO_FMT, f);
	seq_printf(m, "%p " FOO_SUFFIX, f);
	return 0;
}

/* logging, whatever the function, stays */
static int hard_log(struct foo *f, char *buf)
{
	printk(KERN_INFO "foo: %p\n", f);
	pr_info("foo: %p\n", f);
	pr_debug("foo: %p" " %p\n", f, f->next);
	dev_info(f->dev, "foo: %p\n", f);
	dev_err(f->dev, "foo: %p\n", f);
	seq_buf_printf(&f->sb, "%p\n", f);
	trace_seq_printf(f->ts, "%p\n", f);
	WARN(1, "foo: %p\n", f);
	/* a char * parameter, but this is not a show function */
	return sprintf(buf, "foo: %p\n", f);
}

/* sprintf into a local buffer of a show function stays */
static ssize_t hard_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct foo *f = dev_get_drvdata(dev);
	char tmp[32];

	snprintf(tmp, sizeof(tmp), "%p", f);
	return scnprintf(buf, PAGE_SIZE, "%s %p\n", tmp, f->regs);
}

/* kobject show with a running offset */
static ssize_t hard_kobj_show(struct kobject *kobj, struct kobj_attribute *attr,
			      char *buf)
{
	struct foo *f = kobj_to_foo(kobj);
	int len = 0;

	len += scnprintf(buf + len, PAGE_SIZE - len, "base: %p\n", f->base);
	len += sysfs_emit_at(buf, len, "end: %p\n", f->end);
	return len;
}

/* driver attribute show */
static ssize_t hard_drv_show(struct device_driver *drv, char *buf)
{
	return sprintf(buf, "%p\n", drv);
}

/* the same shape with a type that is not a sysfs object: stays */
static ssize_t hard_fmt(struct foo *f, char *buf)
{
	return sprintf(buf, "%p\n", f);
}
