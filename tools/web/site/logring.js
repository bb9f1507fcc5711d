// Reads the game's event log out of the emulator's memory: the PCSX ReARMed
// core prints no TTY, so the game keeps every line it logs in a ring in its
// RAM as well (src/logring.rs has the layout). The tests read it through
// FarewellLog.poll(); it is also handy in the browser's console:
// FarewellLog.poll().lines.
"use strict";
window.FarewellLog = (function () {
  const MAGIC = "AFTK LOGRING";
  const RAM = 0x200000; // 2 MiB of console RAM
  const OFF_ADDR = 12, OFF_SIZE = 16, OFF_WRITTEN = 20, OFF_DATA = 24;
  let record = -1; // where the record is in the emulator's heap
  let read = 0; // bytes of the log read so far
  let partial = ""; // the start of a line not yet ended
  let lost = 0;

  const heap = () => {
    const m = window.EJS_emulator && window.EJS_emulator.Module;
    return m && m.HEAPU8 ? m.HEAPU8 : null;
  };
  const u32 = (h, at) => (h[at] | (h[at + 1] << 8) | (h[at + 2] << 16) | (h[at + 3] << 24)) >>> 0;

  // A record found by its magic counts only if its own address (KSEG0,
  // the console's view) agrees with where it lies: the RAM's start, found
  // from it, holds the whole record inside 2 MiB, and the size field is
  // a power of two.
  function valid(h, at) {
    for (let i = 0; i < MAGIC.length; i++) if (h[at + i] !== MAGIC.charCodeAt(i)) return false;
    const addr = u32(h, at + OFF_ADDR), size = u32(h, at + OFF_SIZE);
    if (((addr & 0xffe00000) >>> 0) !== 0x80000000 || size === 0 || (size & (size - 1)) !== 0) return false;
    const offset = addr & (RAM - 1);
    return offset + OFF_DATA + size <= RAM && at - offset >= 0;
  }

  function find() {
    const h = heap();
    if (!h) return -1;
    const words = new Uint32Array(h.buffer, 0, h.length >>> 2);
    const first = 0x4b544641; // "AFTK", little-endian
    for (let i = 0; i < words.length; i++) {
      if (words[i] === first && valid(h, i << 2)) return i << 2;
    }
    return -1;
  }

  // The lines logged since the last call, whole lines only; `frame` is the
  // emulator's frame count, `lost` the bytes overwritten before they were
  // read (never expected: a reader polling a few times a second is far
  // within the ring).
  function poll() {
    const gm = window.EJS_emulator && window.EJS_emulator.gameManager;
    const frame = gm && window.EJS_emulator.started ? gm.getFrameNum() : -1;
    const h = heap();
    if (!h) return { frame, lines: [], lost, found: false };
    if (record < 0 || !valid(h, record)) {
      record = find();
      if (record < 0) return { frame, lines: [], lost, found: false };
    }
    const size = u32(h, record + OFF_SIZE);
    const written = u32(h, record + OFF_WRITTEN);
    let fresh = (written - read) >>> 0;
    if (fresh > size) {
      lost += fresh - size;
      read = (written - size) >>> 0;
      fresh = size;
    }
    let text = "";
    for (let i = 0; i < fresh; i++) {
      text += String.fromCharCode(h[record + OFF_DATA + (((read + i) >>> 0) % size)]);
    }
    read = written;
    const parts = (partial + text).split("\n");
    partial = parts.pop();
    return { frame, lines: parts, lost, found: true };
  }

  return { poll, find };
})();
