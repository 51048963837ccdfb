// Draws the Postbloom mark (a five-petal bloom on a brand-orange tile) into the PNG icons and the
// favicons in public/. The images are committed; run `npx tsx scripts/make-icons.ts` after
// changing the mark.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];

const TILE: Rgba = [0xff, 0x57, 0x22, 255];
const PETAL: Rgba = [255, 255, 255, 255];
const HEART: Rgba = [0xff, 0xc1, 0x07, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

const PETALS = 5;
const PETAL_DISTANCE = 0.165;
const PETAL_RADIUS = 0.125;
const HEART_RADIUS = 0.085;
const CORNER_RADIUS = 0.22;
const SUPERSAMPLE = 4;

function insideRoundedSquare(x: number, y: number): boolean {
  const r = CORNER_RADIUS;
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
}

function petalCentres(): Array<[number, number]> {
  return Array.from({ length: PETALS }, (_, i) => {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / PETALS;
    return [0.5 + PETAL_DISTANCE * Math.cos(angle), 0.5 + PETAL_DISTANCE * Math.sin(angle)];
  });
}

function sample(x: number, y: number, fullBleed: boolean): Rgba {
  if (!fullBleed && !insideRoundedSquare(x, y)) return CLEAR;
  const cx = x - 0.5;
  const cy = y - 0.5;
  if (cx * cx + cy * cy <= HEART_RADIUS * HEART_RADIUS) return HEART;
  for (const [px, py] of petalCentres()) {
    const dx = x - px;
    const dy = y - py;
    if (dx * dx + dy * dy <= PETAL_RADIUS * PETAL_RADIUS) return PETAL;
  }
  return TILE;
}

function render(size: number, fullBleed: boolean): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const n = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const c = sample(
            (px + (sx + 0.5) / SUPERSAMPLE) / size,
            (py + (sy + 0.5) / SUPERSAMPLE) / size,
            fullBleed,
          );
          // Premultiplied sums, so transparent samples do not darken the anti-aliased edge.
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = (py * size + px) * 4;
      pixels[o] = a ? Math.round(r / a) : 0;
      pixels[o + 1] = a ? Math.round(g / a) : 0;
      pixels[o + 2] = a ? Math.round(b / a) : 0;
      pixels[o + 3] = Math.round(a / n);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function encodePng(size: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(pixels.buffer, y * size * 4, size * 4).copy(rows, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

// An ICO file may carry PNG images directly (supported by every current browser).
function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    head[e] = size >= 256 ? 0 : size;
    head[e + 1] = size >= 256 ? 0 : size;
    head.writeUInt16LE(1, e + 4); // colour planes
    head.writeUInt16LE(32, e + 6); // bits per pixel
    head.writeUInt32LE(png.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([head, ...images.map((i) => i.png)]);
}

function svg(): string {
  const hex = (c: Rgba) =>
    `#${[c[0], c[1], c[2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const k = 100;
  const petals = petalCentres()
    .map(
      ([x, y]) =>
        `<circle cx="${(x * k).toFixed(2)}" cy="${(y * k).toFixed(2)}" r="${PETAL_RADIUS * k}"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${k} ${k}">` +
    `<rect width="${k}" height="${k}" rx="${CORNER_RADIUS * k}" fill="${hex(TILE)}"/>` +
    `<g fill="${hex(PETAL)}">${petals}</g>` +
    `<circle cx="${k / 2}" cy="${k / 2}" r="${HEART_RADIUS * k}" fill="${hex(HEART)}"/>` +
    `</svg>\n`
  );
}

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
mkdirSync(join(publicDir, 'icons'), { recursive: true });

const png = (size: number, fullBleed: boolean) => encodePng(size, render(size, fullBleed));
const outputs: Array<[string, Buffer | string]> = [
  ['icons/icon-192.png', png(192, false)],
  ['icons/icon-512.png', png(512, false)],
  // Maskable and Apple icons are cropped by the platform, so the tile fills the whole square and the
  // bloom (radius 0.29) stays inside the 0.4 safe circle.
  ['icons/icon-maskable-512.png', png(512, true)],
  ['icons/apple-touch-icon.png', png(180, true)],
  ['favicon.ico', encodeIco([16, 32, 48].map((size) => ({ size, png: png(size, false) })))],
  ['favicon.svg', svg()],
];
for (const [name, data] of outputs) {
  writeFileSync(join(publicDir, name), data);
  console.log(`wrote public/${name}`);
}
