# SPDX-License-Identifier: GPL-2.0-only
# hardening-backport: top-level build.
#   make            build the driver (build/backport) and the guest programs
#   make run        the main job on the default kernel (KERNEL=NAME for another)
#   make matrix     the main job on every kernel, with reports (KERNELS=A,B JOBS=N)
#   make check      every test there is
#   make unit       C unit tests only (cmocka)
#   make golden     golden tests of the semantic patches, and which files spatch parses for each
#   make reports    tests of the matrix reports and the CI configurations (no kernel)
#   make write-tests  tests of apply PATH's write into a tree: kill, rollback, resume (no kernel)
#   make fetch-tests  fetch and the patch tests on a local fake Debian archive: a new upload is
#                   drift, a removed package an error, the newest-line form (no network, no kernel)
#   make patches    regenerate patches/NAME (over the committed series) and check them
#   make compile-tests  apply's compile check of every rule, on a fetched tree (no boot)
SHELL := /bin/bash
CC ?= gcc
BUILD := build
CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE
# The libraries the driver and the unit tests link: JSON is jansson's (libjansson-dev); the
# rules' Prefilter lines are matched by PCRE2 with its JIT (libpcre2-dev).
LIB_CFLAGS := $(shell pkg-config --cflags jansson libpcre2-8)
LIB_LIBS := $(shell pkg-config --libs jansson libpcre2-8)
KERNEL ?=
KERNELS ?=
JOBS ?=

# The driver's folders, one per stage of the pipeline (see backport/README.md); a file
# includes its neighbours' headers by name, whatever folder they are in.
DRIVER_DIRS := $(sort $(dir $(wildcard backport/*/*.c)))
DRIVER_INC := $(patsubst %/,-iquote %,$(DRIVER_DIRS))
DRIVER_HDR := $(wildcard backport/*/*.h)
DRIVER_SRC := $(sort $(wildcard backport/*/*.c))
LIB_SRC := $(filter-out backport/cli/main.c,$(DRIVER_SRC))
LIB_OBJ := $(patsubst backport/%.c,$(BUILD)/obj/%.o,$(LIB_SRC))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

.PHONY: all driver guest run matrix check unit golden reports write-tests fetch-tests compile-tests patches e2e lint deps clean
all: driver guest

driver: $(BUILD)/backport

$(BUILD)/obj/%.o: backport/%.c $(DRIVER_HDR)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) $(LIB_CFLAGS) $(DRIVER_INC) -c -o $@ $<

$(BUILD)/backport: $(BUILD)/obj/cli/main.o $(LIB_OBJ)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) -o $@ $^ $(LIB_LIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) $(wildcard tests/unit/*.h) | $(BUILD)/tests
	@echo "  CC+LD   $@"
	@$(CC) $(CFLAGS) $(LIB_CFLAGS) $(DRIVER_INC) $(UNIT_GUEST) -o $@ $< $(LIB_OBJ) -lcmocka \
		$(LIB_LIBS)

# test_kaddr tests a piece of the guest: it also compiles the guest's address recogniser.
$(BUILD)/tests/test_kaddr: test-initramfs/src/kaddr.c test-initramfs/src/kaddr.h
$(BUILD)/tests/test_kaddr: UNIT_GUEST := -iquote test-initramfs/src test-initramfs/src/kaddr.c

$(BUILD)/tests:
	mkdir -p $@

guest:
	$(MAKE) -C test-initramfs OUT=$(abspath $(BUILD))/guest

deps:
	scripts/install-deps

unit: $(BUILD)/backport $(UNIT_BIN)
	scripts/run-unit-tests $(UNIT_BIN)

golden:
	scripts/golden-tests
	scripts/cocci-words-tests

reports: driver
	scripts/report-tests
	scripts/ci-config-tests

write-tests: driver
	scripts/apply-write-tests

fetch-tests: driver
	scripts/fetch-archive-tests

compile-tests: driver
	scripts/apply-compile-tests

# The committed series' author (make patches regenerates them as this author).
PATCH_AUTHOR ?= hardening-backport <hardening-backport@invalid>

patches: driver
	HB_PATCH_AUTHOR="$(PATCH_AUTHOR)" scripts/patch-tests --refresh

e2e: all $(BUILD)/tests/test_ktap
	scripts/e2e-tests $(KERNEL)

lint:
	shellcheck scripts/* .ci/run test-initramfs/*.sh

run: deps
	$(MAKE) all
	$(BUILD)/backport run $(KERNEL)

matrix: deps
	$(MAKE) all
	$(BUILD)/backport matrix $(if $(KERNELS),--kernels $(KERNELS)) $(if $(JOBS),-j $(JOBS))

check: deps
	$(MAKE) all
	$(MAKE) lint unit golden reports write-tests fetch-tests
	scripts/patch-tests
	scripts/apply-compile-tests
	scripts/e2e-tests $(KERNEL)

clean:
	rm -rf $(BUILD)
