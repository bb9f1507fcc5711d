// The PCSX ReARMed lane's emulator, for psxrun (`--emulator rearmed`): the
// web page (target/web, `make web`) in Debian's Chromium, headless, driven
// by playwright-core, with the disc served from 127.0.0.1.
//
//   node tools/web/driver.mjs --site DIR --out DIR [--image FILE]
//        [--profile DIR] [--card FILE] [--box WIDTH]
//
// --image plays another PS-EXE or CD image (a .cue: its .bin) on the same
// page (?disc=); an image inside the site (DIR/farewell.cue) is the page's
// own disc, loaded as a player's browser loads it. --box draws the picture
// WIDTH pixels wide (the harness: 320, the console's own width; in
// SwiftShader, Chromium's software GL, drawing it at the page's 960 takes
// about as much CPU as the emulator). --profile keeps the browser's storage there (the memory
// card survives into the next session, as a reload keeps it for a player);
// --card writes the memory card the page saved (the core's .srm, a raw 128
// KiB card) to FILE when the session ends.
//
// On stdout, one line each: every line the game logs, read out of the
// emulator's memory (src/logring.rs, site/logring.js), and the driver's own
// lines, which start with \x01: "\x01frame N" (the emulator's frame count,
// a few times a second), "\x01ready", "\x01shot PATH", "\x01card PATH",
// "\x01error TEXT" (then it exits 1).
// On stdin, one command a line: "down BUTTON", "up BUTTON", "tap BUTTON"
// (3 frames, answered "\x01tapped BUTTON"), "shot PATH"
// (the core's frame), "page PATH" (the whole page as a player sees it),
// "quit".
// The browser's console goes to DIR/browser-console.log. Any request to
// anywhere but 127.0.0.1 fails the session.
import { chromium } from "playwright-core";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { serve } from "./serve.mjs";

// The pad's buttons as RetroArch numbers them (EmulatorJS's simulateInput).
export const BUTTONS = {
  cross: 0, square: 1, select: 2, start: 3, up: 4, down: 5, left: 6, right: 7,
  circle: 8, triangle: 9, l1: 10, r1: 11, l2: 12, r2: 13,
};

const say = (line) => process.stdout.write(line + "\n");
const ctl = (line) => say("\x01" + line);
function die(text) {
  ctl("error " + text.replace(/\s+/g, " "));
  process.exit(1);
}

function parse(argv) {
  const a = {};
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (!["--site", "--out", "--image", "--profile", "--card", "--box"].includes(k) || i + 1 >= argv.length) {
      console.error(`driver.mjs: unknown or incomplete argument ${JSON.stringify(k)}`);
      process.exit(2);
    }
    a[k.slice(2)] = k === "--box" ? Number(argv[++i]) : resolve(argv[++i]);
  }
  if (a.box !== undefined && !(Number.isInteger(a.box) && a.box >= 160 && a.box <= 4096)) {
    console.error("driver.mjs: --box takes a width from 160 to 4096");
    process.exit(2);
  }
  if (!a.site || !a.out) {
    console.error("usage: node tools/web/driver.mjs --site DIR --out DIR [--image FILE] [--profile DIR] [--card FILE]");
    process.exit(2);
  }
  return a;
}

// The file the page loads for an image: a .cue's own .bin.
function discOf(image) {
  if (!image.toLowerCase().endsWith(".cue")) return image;
  const m = /FILE\s+"([^"]+)"/.exec(readFileSync(image, "utf8"));
  if (!m) die(`${image}: no FILE line`);
  return join(dirname(image), m[1]);
}

const a = parse(process.argv.slice(2));
mkdirSync(a.out, { recursive: true });
const consoleLog = join(a.out, "browser-console.log");
writeFileSync(consoleLog, "");
const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
if (!chromiumPath) die("chromium not found (Debian package chromium)");

const mounts = {};
let query = "";
if (a.image && !discOf(a.image).startsWith(a.site + "/")) {
  const disc = discOf(a.image);
  if (!existsSync(disc)) die(`no such file: ${disc}`);
  const path = "/__disc/" + basename(disc);
  mounts[path] = disc;
  query = "?disc=" + encodeURIComponent(path);
}
// The browser keeps a site's storage by its origin, port included: a
// profile keeps its port (chosen free the first time) so that the next
// session finds the card there.
let port = 0;
const portFile = a.profile ? join(a.profile, "farewell-port") : null;
if (portFile && existsSync(portFile)) port = Number(readFileSync(portFile, "utf8"));
let served;
try {
  served = await serve(a.site, mounts, port);
} catch (e) {
  die(`cannot serve the page on 127.0.0.1:${port}: ${e.message}`);
}
const { server, url } = served;
if (portFile) {
  mkdirSync(a.profile, { recursive: true });
  writeFileSync(portFile, String(server.address().port));
}

const args = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--autoplay-policy=no-user-gesture-required", "--mute-audio"];
// At a smaller window the frontend's start button can lie out of reach.
const options = { executablePath: chromiumPath, args, viewport: { width: 1000, height: 900 } };
let context, browser;
if (a.profile) {
  mkdirSync(a.profile, { recursive: true });
  context = await chromium.launchPersistentContext(a.profile, options);
} else {
  browser = await chromium.launch(options);
  context = await browser.newContext({ viewport: options.viewport });
}
const page = context.pages()[0] || (await context.newPage());
const foreign = [];
await context.route("**/*", (route) => {
  const u = new URL(route.request().url());
  if ((u.protocol === "http:" || u.protocol === "https:" || u.protocol === "ws:" || u.protocol === "wss:") && u.hostname !== "127.0.0.1") {
    foreign.push(u.href);
    return route.abort();
  }
  return route.continue();
});
page.on("console", (m) => appendFileSync(consoleLog, `${m.type()}: ${m.text()}\n`));
page.on("pageerror", (e) => appendFileSync(consoleLog, `pageerror: ${e.message}\n`));

let quitting = false;
let boxStyle = null;
async function finish(code) {
  if (quitting) return;
  quitting = true;
  try {
    // What the page does when a player leaves: the card to the browser's
    // storage, then (for the harness) to --card.
    const card = await page.evaluate(async () => {
      const e = window.EJS_emulator;
      if (!e || !e.started) return null;
      const gm = e.gameManager;

      // RetroArch writes the card file a few frames after it is asked to:
      // wait 30 frames (10 s at most) before it goes to the browser's
      // storage.
      gm.saveSaveFiles();
      const asked = gm.getFrameNum();
      const until = Date.now() + 10000;
      while (gm.getFrameNum() < asked + 30 && Date.now() < until) await new Promise((ok) => setTimeout(ok, 50));
      await new Promise((ok) => gm.FS.syncfs(false, () => ok()));
      const bytes = gm.getSaveFile(false);
      return bytes ? Array.from(bytes) : null;
    });
    if (a.card) {
      if (card) {
        writeFileSync(a.card, Buffer.from(card));
        ctl("card " + a.card);
      } else {
        ctl("card none");
      }
    }
  } catch (e) {
    appendFileSync(consoleLog, `driver: saving the card: ${e.message}\n`);
  }
  const refused = await page.evaluate(() => window.FAREWELL_REFUSED || []).catch(() => []);
  if (refused.length) appendFileSync(consoleLog, `driver: the page refused requests to ${refused.join(", ")}\n`);
  await context.close().catch(() => {});
  if (browser) await browser.close().catch(() => {});
  server.close();
  if (foreign.length) {
    ctl(`error requests left 127.0.0.1: ${foreign.join(" ")}`);
    process.exit(1);
  }
  process.exit(code);
}

try {
  await page.goto(url + query);
  if (a.box) boxStyle = await page.addStyleTag({ content: `#game-box { width: ${a.box}px !important; }` });
  // A player's click on the frontend's start button.
  await page.waitForSelector(".ejs_start_button", { timeout: 120000 });
  await page.click(".ejs_start_button");
  await page.waitForFunction(() => window.EJS_emulator && window.EJS_emulator.started, null, { timeout: 300000, polling: 200 });
} catch (e) {
  await page.screenshot({ path: join(a.out, "page.png") }).catch(() => {});
  die(`the page did not start the emulator (${join(a.out, "page.png")}): ${e.message.split("\n")[0]}`);
}
ctl("ready");

// Commands run one at a time, between polls.
const queue = [];
createInterface({ input: process.stdin }).on("line", (l) => queue.push(l.trim())).on("close", () => queue.push("quit"));

async function command(line) {
  const [verb, arg] = line.split(/\s+/, 2);
  if (verb === "down" || verb === "up") {
    const id = BUTTONS[(arg || "").toLowerCase()];
    if (id === undefined) die(`unknown button ${arg}`);
    await page.evaluate(([id, v]) => window.EJS_emulator.gameManager.simulateInput(0, id, v), [id, verb === "down" ? 1 : 0]);
  } else if (verb === "tap") {
    // Held for 3 of the core's frames, released in the page itself: a
    // round trip through the harness could hold it past the game's
    // 15-frame repeat delay when the machine is loaded.
    const id = BUTTONS[(arg || "").toLowerCase()];
    if (id === undefined) die(`unknown button ${arg}`);
    await page.evaluate(async (id) => {
      const gm = window.EJS_emulator.gameManager;
      const from = gm.getFrameNum();
      gm.simulateInput(0, id, 1);
      while (gm.getFrameNum() < from + 3) await new Promise((ok) => requestAnimationFrame(ok));
      gm.simulateInput(0, id, 0);
    }, id);
    ctl("tapped " + arg);
  } else if (verb === "shot") {
    // The core's own frame (the console's picture, not the page).
    const png = await page.evaluate(async () => {
      const bytes = await window.EJS_emulator.gameManager.screenshot();
      let s = "";
      for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return btoa(s);
    });
    writeFileSync(arg, Buffer.from(png, "base64"));
    ctl("shot " + arg);
  } else if (verb === "page") {
    // At the page's own size, as a player sees it.
    if (boxStyle) await boxStyle.evaluate((e) => (e.disabled = true));
    await page.waitForTimeout(1500);
    await page.screenshot({ path: arg, fullPage: true });
    if (boxStyle) await boxStyle.evaluate((e) => (e.disabled = false));
    ctl("shot " + arg);
  } else if (verb === "quit") {
    await finish(0);
  } else if (verb) {
    die(`unknown command ${line}`);
  }
}

for (;;) {
  while (queue.length) await command(queue.shift());
  let r;
  try {
    r = await page.evaluate(() => window.FarewellLog.poll());
  } catch (e) {
    die(`the page stopped answering: ${e.message}`);
  }
  for (const l of r.lines) say(l);
  if (r.lost) die(`${r.lost} bytes of the log were overwritten before they were read`);
  ctl("frame " + r.frame);
  await new Promise((ok) => setTimeout(ok, 30));
}
