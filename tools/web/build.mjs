// make web: the static site that plays the disc in a browser, in
// target/web/ (or --out DIR):
//   index.html           the page: what the game is, the emulator, the
//                        controls, the downloads
//   credits.html         who made what, with the licences
//   farewell.bin         the disc the page loads, as farewell.bin?v=<hash of
//                        its content>: the frontend caches a disc by that
//                        last part of its URL and its size (a new build of
//                        the same size must not load the old disc), and
//                        names the memory card after the file name alone
//                        (saves carry over to the next build)
//   farewell.cue         its cue sheet, and farewell.exe the PS-EXE, both
//                        for download
//   logring.js           reads the game's event log out of the emulator's
//                        memory (the tests; see src/logring.rs)
//   emulatorjs/          the EmulatorJS frontend and its PCSX ReARMed core,
//                        from npm (package-lock.json pins both)
//   licences/            the GPL texts, from Debian's base-files
//
// Usage: node tools/web/build.mjs --exe EXE --bin BIN --cue CUE [--out DIR]
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

function args() {
  const a = { out: join(root, "target/web") };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (!["--exe", "--bin", "--cue", "--out"].includes(k) || i + 1 >= argv.length) {
      console.error(`build.mjs: unknown or incomplete argument ${JSON.stringify(k)}; usage: node tools/web/build.mjs --exe EXE --bin BIN --cue CUE [--out DIR]`);
      process.exit(2);
    }
    a[k.slice(2)] = argv[++i];
  }
  for (const k of ["exe", "bin", "cue"]) {
    if (!a[k] || !existsSync(a[k])) {
      console.error(`build.mjs: --${k} ${a[k] ?? "(missing)"}: no such file`);
      process.exit(2);
    }
  }
  return a;
}

const a = args();
const modules = join(here, "node_modules/@emulatorjs");
const frontend = join(modules, "emulatorjs");
const core = join(modules, "core-pcsx_rearmed");
for (const d of [frontend, core]) {
  if (!existsSync(d)) {
    console.error(`build.mjs: ${d} is missing: run npm ci in tools/web (make web does)`);
    process.exit(2);
  }
}
const version = (p) => JSON.parse(readFileSync(join(p, "package.json"), "utf8")).version;

rmSync(a.out, { recursive: true, force: true });
mkdirSync(a.out, { recursive: true });

// The disc's URL carries a hash of its contents and of the exe's.
const bin = readFileSync(a.bin);
const exe = readFileSync(a.exe);
const hash = createHash("sha256").update(bin).update(exe).digest("hex").slice(0, 12);
const name = "farewell";
writeFileSync(join(a.out, `${name}.bin`), bin);
writeFileSync(join(a.out, `${name}.exe`), exe);
// The cue sheet names its bin: the downloaded pair must agree.
const cue = readFileSync(a.cue, "utf8").replace(/FILE\s+"[^"]*"/, `FILE "${name}.bin"`);
writeFileSync(join(a.out, `${name}.cue`), cue);

// The frontend, unminified as npm ships it (its loader falls back to
// data/src/), and the one core the page uses.
const data = join(a.out, "emulatorjs/data");
cpSync(join(frontend, "data"), data, { recursive: true });
cpSync(join(frontend, "LICENSE"), join(a.out, "emulatorjs/LICENSE"));
for (const f of ["pcsx_rearmed-wasm.data", "pcsx_rearmed-legacy-wasm.data"]) {
  cpSync(join(core, f), join(data, "cores", f));
}
mkdirSync(join(data, "cores/reports"), { recursive: true });
cpSync(join(core, "reports/pcsx_rearmed.json"), join(data, "cores/reports/pcsx_rearmed.json"));

mkdirSync(join(a.out, "licences"), { recursive: true });
for (const l of ["GPL-2", "GPL-3"]) {
  const p = `/usr/share/common-licenses/${l}`;
  if (!existsSync(p)) {
    console.error(`build.mjs: ${p} is missing (Debian's base-files)`);
    process.exit(2);
  }
  cpSync(p, join(a.out, "licences", `${l}.txt`));
}

const fill = (text) =>
  text
    .replaceAll("@DISC@", `${name}.bin?v=${hash}`)
    .replaceAll("@VERSION@", hash)
    .replaceAll("@CUE@", `${name}.cue`)
    .replaceAll("@EXE@", `${name}.exe`)
    .replaceAll("@EJS_VERSION@", version(frontend))
    .replaceAll("@CORE_VERSION@", version(core));
for (const f of ["index.html", "credits.html", "page.css", "page.js", "logring.js"]) {
  writeFileSync(join(a.out, f), fill(readFileSync(join(here, "site", f), "utf8")));
}
console.log(join(a.out, "index.html"));
