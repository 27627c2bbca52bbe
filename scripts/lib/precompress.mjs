// Build-time compression of the web app (issue 28 point 4): every text asset of apps/web/dist gets a
// brotli (.br, quality 11) and a gzip (.gz, level 9) twin when that saves at least 10 %; the server
// (apps/server/src/http/static-web.ts) picks one by Accept-Encoding. Done once per build, so
// requests pay nothing for it. Plain Node, no dependencies.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm|ttf|otf|xml|webmanifest)$/i;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes x.br and x.gz beside each compressible file of `dir`; answers the bytes before and after (brotli). */
export function precompressDir(dir) {
  let raw = 0;
  let br = 0;
  for (const file of [...files(dir)]) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const variants = [
      ['.br', zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } })],
      ['.gz', zlib.gzipSync(data, { level: 9 })],
    ];
    raw += data.length;
    for (const [ext, out] of variants) {
      const target = file + ext;
      if (out.length <= data.length * 0.9) fs.writeFileSync(target, out);
      else fs.rmSync(target, { force: true });
      if (ext === '.br') br += Math.min(out.length, data.length);
    }
  }
  return { raw, br };
}
