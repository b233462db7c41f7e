// Draws public/share-template.png, the background of the friend-update share image (spec §7, §9:
// 1015×1350). It is our own artwork, made here from numbers only: the night sky of the app's public pages
// (theme/palette.ts `nightSky`), a gold frame, a few fixed stars and a crescent. The share code
// (src/features/home/utils/share-image.ts) writes the text on it, 82 px from the left, 850 px wide, so
// that band stays calm. Run it again after changing the drawing and commit the PNG:
//   node scripts/make-share-template.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const WIDTH = 1015;
const HEIGHT = 1350;

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'share-template.png');

const hex = (value) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));
const DEEP = hex('#0f0c26');
const MID = hex('#241d52');
const GLOW = hex('#5b4f9c');
const GOLD = hex('#e8bf74');
const STAR = [255, 248, 230];

const pixels = new Float64Array(WIDTH * HEIGHT * 3);

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const clamp01 = (t) => Math.min(1, Math.max(0, t));

/** Lays `colour` over the pixel with coverage `alpha` (0..1). */
function blend(x, y, colour, alpha) {
  if (alpha <= 0 || x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
  const i = (y * WIDTH + x) * 3;
  for (let c = 0; c < 3; c += 1) pixels[i + c] += (colour[c] - pixels[i + c]) * Math.min(1, alpha);
}

// The sky: deep at the top, indigo in the middle, a violet glow rising from the bottom.
for (let y = 0; y < HEIGHT; y += 1) {
  const t = y / (HEIGHT - 1);
  const base = t < 0.55 ? mix(DEEP, MID, t / 0.55) : mix(MID, GLOW, ((t - 0.55) / 0.45) ** 1.6);
  for (let x = 0; x < WIDTH; x += 1) {
    const i = (y * WIDTH + x) * 3;
    // A soft light from the upper right, where the crescent sits.
    const d = Math.hypot(x - 820, y - 210) / 900;
    const light = 0.16 * clamp01(1 - d) ** 2;
    for (let c = 0; c < 3; c += 1) pixels[i + c] = base[c] + (GOLD[c] - base[c]) * light;
  }
}

/** A filled disc with an anti-aliased edge (one pixel of feather). */
function disc(cx, cy, r, colour, alpha = 1) {
  for (let y = Math.floor(cy - r - 2); y <= Math.ceil(cy + r + 2); y += 1) {
    for (let x = Math.floor(cx - r - 2); x <= Math.ceil(cx + r + 2); x += 1) {
      const edge = clamp01(r + 0.5 - Math.hypot(x - cx, y - cy));
      blend(x, y, colour, edge * alpha);
    }
  }
}

/** A star: a bright core and a faint halo. */
function star(cx, cy, r, alpha) {
  for (let y = Math.floor(cy - r * 4); y <= Math.ceil(cy + r * 4); y += 1) {
    for (let x = Math.floor(cx - r * 4); x <= Math.ceil(cx + r * 4); x += 1) {
      const d = Math.hypot(x - cx, y - cy);
      const halo = 0.35 * alpha * clamp01(1 - d / (r * 4)) ** 2;
      blend(x, y, STAR, halo);
    }
  }
  disc(cx, cy, r, STAR, alpha);
}

// Stars from a fixed linear congruential sequence, so every run draws the same sky. They keep to the
// margins and the top, away from the text band (y 300..1150 between x 82 and 932).
let seed = 20261126;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
for (let n = 0; n < 140; n += 1) {
  const x = 50 + random() * (WIDTH - 100);
  const y = 50 + random() * (HEIGHT - 100);
  const inTextBand = y > 290 && y < 1160 && x > 70 && x < 945;
  if (inTextBand && random() < 0.85) continue;
  const r = 0.6 + random() * (inTextBand ? 0.6 : 1.6);
  star(x, y, r, inTextBand ? 0.35 : 0.55 + random() * 0.45);
}

// The crescent: a gold disc with a sky-coloured disc taken out of it.
const moon = { x: 842, y: 168, r: 62 };
for (let y = moon.y - moon.r - 2; y <= moon.y + moon.r + 2; y += 1) {
  for (let x = moon.x - moon.r - 2; x <= moon.x + moon.r + 2; x += 1) {
    const inside = clamp01(moon.r + 0.5 - Math.hypot(x - moon.x, y - moon.y));
    const bite = clamp01(moon.r * 0.86 + 0.5 - Math.hypot(x - (moon.x - 30), y - (moon.y - 16)));
    blend(x, y, GOLD, inside * (1 - bite) * 0.95);
  }
}

// A thin gold frame 40 px inside the edge, with small diamonds at the corners.
const INSET = 40;
for (let x = INSET; x < WIDTH - INSET; x += 1) {
  blend(x, INSET, GOLD, 0.75);
  blend(x, HEIGHT - INSET - 1, GOLD, 0.75);
}
for (let y = INSET; y < HEIGHT - INSET; y += 1) {
  blend(INSET, y, GOLD, 0.75);
  blend(WIDTH - INSET - 1, y, GOLD, 0.75);
}
for (const [cx, cy] of [
  [INSET, INSET],
  [WIDTH - INSET - 1, INSET],
  [INSET, HEIGHT - INSET - 1],
  [WIDTH - INSET - 1, HEIGHT - INSET - 1],
]) {
  for (let y = cy - 10; y <= cy + 10; y += 1) {
    for (let x = cx - 10; x <= cx + 10; x += 1) {
      blend(x, y, GOLD, clamp01(10.5 - (Math.abs(x - cx) + Math.abs(y - cy))));
    }
  }
}

// A gold rule under the title area and another above the footer.
for (const ruleY of [272, 1190]) {
  for (let x = 82; x < 932; x += 1) {
    const fade = clamp01(Math.min(x - 82, 932 - x) / 120);
    blend(x, ruleY, GOLD, 0.6 * fade);
  }
}

// PNG: 8-bit RGB, no interlace, filter "none" on every row.
const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
for (let y = 0; y < HEIGHT; y += 1) {
  const row = y * (WIDTH * 3 + 1);
  raw[row] = 0;
  for (let x = 0; x < WIDTH * 3; x += 1) {
    raw[row + 1 + x] = Math.round(Math.min(255, Math.max(0, pixels[y * WIDTH * 3 + x])));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(WIDTH, 0);
header.writeUInt32BE(HEIGHT, 4);
header[8] = 8; // bit depth
header[9] = 2; // colour type: RGB
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(out, png);
console.log(`${path.relative(process.cwd(), out)}: ${WIDTH}×${HEIGHT}, ${png.length} bytes`);
