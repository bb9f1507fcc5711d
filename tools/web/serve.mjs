// A static file server on 127.0.0.1 for the web page: `make web-run` and
// the browser tests. GET and HEAD only, no directory listings, nothing
// outside the folders it is given.
//
// As a command: node tools/web/serve.mjs DIR [PORT]  (prints the URL)
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".cue": "text/plain; charset=utf-8",
};

// serve(root, mounts) serves root at /, and each mounts[prefix] = file at
// /prefix (a single file); resolves to { server, url }.
export function serve(root, mounts = {}, port = 0) {
  root = resolve(root);
  const server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
    } catch (e) {
      res.writeHead(400).end();
      return;
    }
    let file = mounts[path];
    if (!file) {
      if (path.endsWith("/")) path += "index.html";
      file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
    }
    let st;
    try {
      st = statSync(file);
    } catch (e) {
      st = null;
    }
    if (!st || !st.isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(file).toLowerCase()] || "application/octet-stream",
      "content-length": st.size,
      "cache-control": "no-cache",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      ok({ server, url: `http://127.0.0.1:${server.address().port}/` });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, port] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: node tools/web/serve.mjs DIR [PORT]");
    process.exit(2);
  }
  try {
    if (!statSync(join(dir, "index.html")).isFile()) throw new Error();
  } catch (e) {
    console.error(`serve.mjs: ${resolve(dir)} has no index.html (run make web first)`);
    process.exit(2);
  }
  const p = port === undefined ? 8642 : Number(port);
  if (!Number.isInteger(p) || p < 0 || p > 65535) {
    console.error(`serve.mjs: port ${JSON.stringify(port)} is not a number from 0 to 65535`);
    process.exit(2);
  }
  serve(dir, {}, p).then(
    ({ url }) => console.log(`Farewell to Kings is at ${url} (Ctrl-C stops the server)`),
    (e) => {
      console.error(`serve.mjs: cannot listen on 127.0.0.1:${p}: ${e.message}`);
      process.exit(2);
    },
  );
}
