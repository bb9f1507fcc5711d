# A Farewell to Kings for the PlayStation 1.
#
#   make         build the PS-EXE (target/farewell.exe, packed); prints its path and size
#   make run     build it and open it in an emulator (headless: a screenshot)
#   make test    host tests, the PS-EXE, the emulator tests; one summary line
#   make cd      build the CD image (target/farewell.bin + .cue); prints their paths
#   make kings   build the host command `kings` (all four games); prints its path
#   make aftk    build the host command `aftk` (= kings farewell); prints its path
#   make mcd     build the memory card tool `mcd`; prints its path
#   make install put kings, aftk and mcd in $(PREFIX)/bin (default ~/.local/bin)
#   make bench   engine benchmarks on the host
#   make screens the README's screenshots, afresh from Mednafen (docs/screens/)
#   make gfx     the packed art as pictures: target/cards.png (faces, a mock screen), target/sheet.png (the pages)
#   make web     the web page: the CD image in EmulatorJS with PCSX ReARMed (target/web/)
#   make web-run serve target/web on 127.0.0.1 (PORT, default 8642) and print its URL
#
# Every target installs what it needs first (tools/setup).

# The game as the linker writes it (GAME), and the PS-EXE players load
# (EXE): the same game packed behind its unpacker (tools/pack, tools/unpack).
GAME := target/mips-psx/release/farewell.exe
EXE := target/farewell.exe

.PHONY: web web-run screens all exe cd gfx run test host-test emu-test aftk kings mcd install bench psxrun setup clean fmt lint

all: exe
	@echo "$(EXE) $$(stat -c %s $(EXE)) bytes (unpacks to $$(stat -c %s $(GAME)) bytes: $(GAME))"

setup:
	@tools/setup toolchain

# LLVM prints "warning: MIPS-I support is experimental" once per crate
# (22 lines): that line alone is filtered out of the build log.
exe: setup
	@bash -c 'set -o pipefail; cargo build --release 2>&1 | { grep -v "^warning: MIPS-I support is experimental$$" || true; }'
	@head -c 8 $(GAME) | grep -q 'PS-X EXE' || { echo "$(GAME) is not a PS-X EXE" >&2; exit 1; }
	@tools/unpack/build >/dev/null
	@tools/host-cargo build --release -q -p pack
	@target/release/pack target/unpack/mips-psx-unpack/release/unpack.exe $(GAME) $(EXE) >/dev/null

psxrun: setup
	@tools/host-cargo build --release -q -p psxrun

run: exe psxrun
	@tools/setup emulator
	@tools/run-emulator $(EXE)

host-test: setup
	tools/host-cargo test --workspace
	tools/host-cargo test -p farewell -p kings -p mcd --features farewell/fifth-game,kings/fifth-game,mcd/fifth-game --test fifth_game

emu-test: exe psxrun
	@tools/setup emulator
	target/release/psxrun script $(EXE) tests/emu/smoke.script --out target/emu/smoke

test:
	@tools/test-all

cd: exe
	@tools/host-cargo build --release -q -p mkcd
	@target/release/mkcd --exe $(EXE) --out $(CURDIR)/target/farewell.bin $(if $(LICENSE),--license $(LICENSE))

screens: exe psxrun
	@tools/setup emulator
	@tools/host-cargo build --release -q -p kings -p logcheck
	@tools/screens

web: cd
	@tools/setup web
	@node tools/web/build.mjs --exe $(EXE) --bin target/farewell.bin --cue target/farewell.cue --out $(CURDIR)/target/web

PORT ?= 8642
web-run: web
	@node tools/web/serve.mjs target/web $(PORT)

gfx: exe
	@out="$$(ls -td target/mips-psx/release/build/farewell-*/out | head -1)"; \
	  cp "$$out/cards.png" "$$out/sheet.png" target/ && \
	  echo "$(CURDIR)/target/cards.png" && echo "$(CURDIR)/target/sheet.png"

aftk: setup
	@tools/host-cargo build --release -q -p aftk
	@echo "$(CURDIR)/target/release/aftk"

kings: setup
	@tools/host-cargo build --release -q -p kings
	@echo "$(CURDIR)/target/release/kings"

mcd: setup
	@tools/host-cargo build --release -q -p mcd
	@echo "$(CURDIR)/target/release/mcd"

PREFIX ?= $(HOME)/.local
install: setup
	@for t in kings aftk mcd; do tools/host-cargo install -q --locked --force --path $(CURDIR)/tools/$$t --root $(PREFIX) || exit 1; done
	@echo "kings, aftk and mcd are in $(PREFIX)/bin (put it on your PATH)"

bench: setup
	tools/host-cargo bench -p farewell

fmt: setup
	tools/host-cargo fmt --all

lint: setup
	tools/host-cargo clippy --workspace --all-targets -- -D warnings
	tools/host-cargo clippy -p farewell -p kings -p mcd --features farewell/fifth-game,kings/fifth-game,mcd/fifth-game --all-targets -- -D warnings
	cargo clippy --release -- -D warnings

clean:
	cargo clean
