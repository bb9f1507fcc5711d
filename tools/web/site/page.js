// The page's settings for EmulatorJS (read by emulatorjs/data/loader.js,
// which runs after this file), and a guard that keeps every request on
// this site.
"use strict";

// The frontend asks a CDN for its newest version when served from
// localhost, and for a core file it cannot find here: refuse any request
// to another origin before it is made, and note it (the tests list them).
window.FAREWELL_REFUSED = [];
(function () {
  const sameOrigin = (input) => {
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    try {
      const u = new URL(url, location.href);
      return u.protocol === "blob:" || u.protocol === "data:" || u.origin === location.origin;
    } catch (e) {
      return false;
    }
  };
  const fetch0 = window.fetch.bind(window);
  window.fetch = function (input, init) {
    if (!sameOrigin(input)) {
      window.FAREWELL_REFUSED.push(String(input && input.url ? input.url : input));
      return Promise.reject(new TypeError("farewell: this page loads nothing from another site"));
    }
    return fetch0(input, init);
  };
  const open0 = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (!sameOrigin(url)) {
      window.FAREWELL_REFUSED.push(String(url));
      throw new TypeError("farewell: this page loads nothing from another site");
    }
    return open0.call(this, method, url, ...rest);
  };
})();

window.EJS_player = "#game";
window.EJS_core = "pcsx_rearmed";
window.EJS_gameUrl = "@DISC@";
// ?disc=/path on this site plays another image on the same page (the
// tests play the build under test this way).
(function () {
  const disc = new URLSearchParams(location.search).get("disc");
  if (disc && /^\/[\w.\/-]+$/.test(disc) && !disc.startsWith("//") && !disc.includes("..")) window.EJS_gameUrl = disc;
})();
window.EJS_gameName = "Farewell to Kings";
window.EJS_pathtodata = "emulatorjs/data/";
window.EJS_language = "en-US";
window.EJS_color = "#1d5c3a";
window.EJS_backgroundColor = "#0b2a1a";
// No netplay, no cheats, no extras that reach out or confuse.
window.EJS_Buttons = {
  netplay: false,
  cheat: false,
  contextMenu: false,
  screenRecord: false,
};
// The memory card is written to the browser's storage every few seconds,
// not only every minute: a tab closed after a move keeps it.
window.EJS_defaultOptions = { "save-save-interval": "5" };

// Also when the tab is hidden or closed.
function farewellSaveCard() {
  const e = window.EJS_emulator;
  if (e && e.started && e.gameManager) e.gameManager.saveSaveFiles();
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") farewellSaveCard();
});
window.addEventListener("pagehide", farewellSaveCard);
