#!/usr/bin/env node
/** Writes the PWA icons (public/icon-192.png, public/icon-512.png): a database cylinder on blue, drawn pixel by pixel (no image library). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (b) => {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};

function icon(size) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const cx = size / 2, rx = size * 0.3, ry = size * 0.09, top = size * 0.28, bottom = size * 0.72;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      let [r, g, b] = [0x2b, 0x6d, 0xe0];
      const dx = (x - cx) / rx;
      const inBody = Math.abs(dx) <= 1 && y >= top && y <= bottom;
      const inTopCap = dx * dx + ((y - top) / ry) ** 2 <= 1;
      const inBottomCap = dx * dx + ((y - bottom) / ry) ** 2 <= 1;
      if (inBody || inTopCap || inBottomCap) [r, g, b] = [0xff, 0xff, 0xff];
      if (inTopCap && dx * dx + ((y - top) / (ry * 0.7)) ** 2 <= 0.7) [r, g, b] = [0xcf, 0xdf, 0xff];
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b; raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
for (const s of [192, 512]) fs.writeFileSync(path.join(dir, `icon-${s}.png`), icon(s));
console.log('icons written');
