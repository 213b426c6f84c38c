# SPDX-License-Identifier: GPL-2.0-only
# hardening-backport: top-level build. `make help` lists the targets.
SHELL := /bin/bash
# make's default CC is cc; a CC given by the user (CC=clang) is kept.
ifeq ($(origin CC),default)
CC := gcc
endif
BUILD := out
CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE
# The libraries the driver and the unit tests link: JSON is jansson's (libjansson-dev); the
# rules' Prefilter lines are matched by PCRE2 with its JIT (libpcre2-dev); SHA-256 (the
# series' patchset hash) is libcrypto's (libssl-dev).
LIB_CFLAGS := $(shell pkg-config --cflags jansson libpcre2-8 libcrypto)
LIB_LIBS := $(shell pkg-config --libs jansson libpcre2-8 libcrypto)
KERNEL ?=
KERNELS ?=
JOBS ?=
# make matrix also runs the main job on a distribution's own config: DISTRO (a --config value)
# on DISTRO_KERNELS (6.1 when KERNELS names none; "all" for every kernel; empty for none).
DISTRO ?= debian:cloud-amd64
DISTRO_KERNELS ?= $(if $(KERNELS),,6.1)
# and the system stage (backport system, on Debian's cloud-amd64 config) on SYSTEM_KERNELS:
# those of KERNELS, else every kernel of kernels.list; empty for none.
comma := ,
SYSTEM_KERNELS ?= $(if $(KERNELS),$(subst $(comma), ,$(KERNELS)),$(shell sed -e 's/\#.*//' \
	kernels.list | awk 'NF { print $$1 }'))

# The driver's folders, one per layer of the pipeline (backport/README.md, the order in
# backport/LAYERS): a file includes headers by name; scripts/layer-check (make lint) fails
# on an include that goes up the layers.
DRIVER_SRC := $(sort $(shell find backport -name '*.c'))
DRIVER_DIRS := $(sort $(dir $(DRIVER_SRC) $(shell find backport -name '*.h')))
DRIVER_INC := $(patsubst %/,-iquote %,$(DRIVER_DIRS))
LIB_SRC := $(filter-out backport/cli/main.c,$(DRIVER_SRC))
LIB_OBJ := $(patsubst backport/%.c,$(BUILD)/obj/%.o,$(LIB_SRC))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

.PHONY: all driver guest system-guest run system system-check matrix check deps-run unit golden reports write-tests fetch-tests compile-tests patches e2e lint deps clean help
all: driver guest system-guest

# The targets, one line each (make help prints them).
help:
	@echo "make               build the driver (out/backport) and the guest programs (out/guest)"
	@echo "make run           the main job on the default kernel (KERNEL=NAME for another)"
	@echo "make system        Debian packages of both kernels on a Debian system (KERNEL=NAME)"
	@echo "make matrix        the main job on every kernel, with reports (KERNELS=A,B JOBS=N),"
	@echo "                   then on Debian's cloud-amd64 config of 6.1 (DISTRO_KERNELS=all|A,B|'')"
	@echo "make check         every test but the system stage's (what CI runs)"
	@echo "make system-check  the system stage as a test, and docs/deploying.md (KERNEL=NAME, TINY=1)"
	@echo "make deps          install the Debian packages and the npm linters (scripts/install-deps)"
	@echo "make lint          shellcheck, and the driver's includes going down its layers"
	@echo "make unit          C unit tests of the driver (cmocka)"
	@echo "make golden        golden tests of the semantic patches; which files spatch parses"
	@echo "make reports       tests of the matrix reports and the CI configurations (no kernel)"
	@echo "make write-tests   apply PATH's write into a tree: kill, rollback, resume (no kernel)"
	@echo "make fetch-tests   fetch and the patch tests on a local fake Debian archive (no network)"
	@echo "make compile-tests apply's compile check of every rule, on a fetched tree (no boot)"
	@echo "make e2e           the end-to-end test: the matrix of kernels.list (KERNEL=A,B for some)"
	@echo "make patches       write apply's series over the committed patches/NAME, then check them"
	@echo "make clean         remove out/"

driver: $(BUILD)/backport

# -MMD: each object depends on the headers it includes (BUILD/obj/X.d), and no others.
$(BUILD)/obj/%.o: backport/%.c
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) $(LIB_CFLAGS) $(DRIVER_INC) -MMD -MP -c -o $@ $<

$(BUILD)/backport: $(BUILD)/obj/cli/main.o $(LIB_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) -o $@ $^ $(LIB_LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) | $(BUILD)/tests
	@echo "  CC+LD   $@"
	@$(CC) $(CFLAGS) $(LIB_CFLAGS) $(DRIVER_INC) $(UNIT_GUEST) -MMD -MP -o $@ $< $(LIB_OBJ) -lcmocka \
		$(LIB_LIBS)

# test_kaddr tests a piece of the guest: it also compiles the guest's address recogniser.
$(BUILD)/tests/test_kaddr: test-initramfs/src/kaddr.c test-initramfs/src/kaddr.h
$(BUILD)/tests/test_kaddr: UNIT_GUEST := -iquote test-initramfs/src test-initramfs/src/kaddr.c

# test_guest_sysctl_dump tests the guest's sysctl dump, with the guest pieces it reads files by.
GUEST_DUMP := $(addprefix test-initramfs/src/,sysctl_dump.c files.c errname.c ktap.c)
$(BUILD)/tests/test_guest_sysctl_dump: $(GUEST_DUMP)
$(BUILD)/tests/test_guest_sysctl_dump: UNIT_GUEST := -iquote test-initramfs/src $(GUEST_DUMP)

$(BUILD)/tests:
	mkdir -p $@

-include $(LIB_OBJ:.o=.d) $(BUILD)/obj/cli/main.d $(UNIT_BIN:=.d)

guest:
	$(MAKE) -C test-initramfs OUT=$(abspath $(BUILD))/guest

system-guest:
	$(MAKE) -C test-system OUT=$(abspath $(BUILD))/system

deps:
	scripts/install-deps

# What the main job needs: no linters of the CI configurations, which only the tests run.
deps-run:
	scripts/install-deps --run

unit: $(BUILD)/backport $(UNIT_BIN)
	tests/suites/run-unit-tests $(UNIT_BIN)

golden:
	tests/suites/golden-tests
	tests/suites/cocci-words-tests

reports: driver
	tests/suites/report-tests
	tests/suites/ci-config-tests

write-tests: driver
	tests/suites/apply-write-tests

fetch-tests: driver
	tests/suites/fetch-archive-tests

compile-tests: driver
	tests/suites/apply-compile-tests

# The committed series' author (make patches regenerates them as this author).
PATCH_AUTHOR ?= hardening-backport <hardening-backport@invalid>

patches: driver
	HB_PATCH_AUTHOR="$(PATCH_AUTHOR)" tests/suites/patch-tests --refresh

e2e: all $(BUILD)/tests/test_ktap
	tests/suites/e2e-tests $(KERNEL)

lint:
	shellcheck -x scripts/* tests/suites/* .ci/run test-initramfs/*.sh
	scripts/layer-check

run: deps-run
	$(MAKE) all
	$(BUILD)/backport run $(KERNEL)

# The hardened kernel as a Debian package on a real Debian system (docs/system.md).
system: deps-run
	$(MAKE) all
	$(BUILD)/backport system $(KERNEL)

# The system stage as a test: every workload ok or fixed at level 1, every door closed, and
# docs/deploying.md as it generates it (tests/suites/system-tests; outside check, whose 90 minutes
# cold its two package builds would overrun: docs/tests.md). TINY=1: on the kernel made for the
# stage (test-system/kernel.config on tinyconfig) instead of Debian's config cut to its modules.
system-check: deps-run
	$(MAKE) all
	tests/suites/system-tests $(if $(TINY),--tiny) $(KERNEL)

matrix: deps-run
	$(MAKE) all
	rc=0; $(BUILD)/backport matrix $(if $(KERNELS),--kernels $(KERNELS)) $(if $(JOBS),-j $(JOBS)) \
		|| rc=$$?; \
	$(if $(DISTRO_KERNELS),$(BUILD)/backport matrix --config $(DISTRO) \
		$(if $(filter all,$(DISTRO_KERNELS)),,--kernels $(DISTRO_KERNELS)) \
		$(if $(JOBS),-j $(JOBS)) || rc=$$?;) \
	$(foreach k,$(SYSTEM_KERNELS),$(BUILD)/backport system $(k) || rc=$$?;) \
	exit $$rc

check: deps
	$(MAKE) all
	$(MAKE) lint unit golden reports write-tests fetch-tests
	tests/suites/patch-tests
	tests/suites/apply-compile-tests
	tests/suites/e2e-tests $(KERNEL)

clean:
	rm -rf $(BUILD)
