# A Farewell to Kings for the PlayStation 1.
#
#   make         build the PS-EXE; prints its path and size
#   make run     build it and open it in an emulator (headless: a screenshot)
#   make test    host tests, the PS-EXE, the emulator tests; one summary line
#   make cd      build the CD image (target/farewell.bin + .cue); prints their paths
#   make aftk    build the host command `aftk`; prints its path
#   make bench   engine benchmarks on the host
#   make gfx     the packed art as pictures: target/cards.png (faces, a mock screen), target/sheet.png (the pages)
#
# Every target installs what it needs first (tools/setup).

EXE := target/mips-psx/release/farewell.exe

.PHONY: all exe cd gfx run test host-test emu-test aftk bench psxrun setup clean fmt lint

all: exe
	@echo "$(EXE) $$(stat -c %s $(EXE)) bytes"

setup:
	@tools/setup toolchain

exe: setup
	cargo build --release
	@head -c 8 $(EXE) | grep -q 'PS-X EXE' || { echo "$(EXE) is not a PS-X EXE" >&2; exit 1; }

psxrun: setup
	@tools/host-cargo build --release -q -p psxrun

run: exe psxrun
	@tools/setup emulator
	@tools/run-emulator $(EXE)

host-test: setup
	tools/host-cargo test --workspace

emu-test: exe psxrun
	@tools/setup emulator
	target/release/psxrun script $(EXE) tests/emu/smoke.script --out target/emu/smoke

test:
	@tools/test-all

cd: exe
	@tools/host-cargo build --release -q -p mkcd
	@target/release/mkcd --exe $(EXE) --out $(CURDIR)/target/farewell.bin $(if $(LICENSE),--license $(LICENSE))

gfx: exe
	@out="$$(ls -td target/mips-psx/release/build/farewell-*/out | head -1)"; \
	  cp "$$out/cards.png" "$$out/sheet.png" target/ && \
	  echo "$(CURDIR)/target/cards.png" && echo "$(CURDIR)/target/sheet.png"

aftk: setup
	@tools/host-cargo build --release -q -p aftk
	@echo "$(CURDIR)/target/release/aftk"

bench: setup
	tools/host-cargo bench -p farewell

fmt: setup
	tools/host-cargo fmt --all

lint: setup
	tools/host-cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy --release -- -D warnings

clean:
	cargo clean
