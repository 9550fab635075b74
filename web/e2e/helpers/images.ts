/**
 * Test images written with pngjs: a product-like object on a plain
 * background, with enough noise that the PNG stays above the 500 KB floor.
 */
import { PNG } from 'pngjs';

/** Deterministic xorshift32 noise. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

/**
 * A `size`×`size` RGB PNG: a light grey backdrop with fine grain, a soft
 * shadow, and a rounded orange "bottle" with a cap and a label.
 */
export function productPng(size = 1024, seed = 42): Buffer {
  const png = new PNG({ width: size, height: size, colorType: 2, inputColorType: 6, inputHasAlpha: true });
  const rand = rng(seed);
  const cx = size / 2;
  const bodyTop = size * 0.3;
  const bodyBottom = size * 0.85;
  const halfW = size * 0.17;
  const neckHalfW = size * 0.07;
  const neckTop = size * 0.18;
  const radius = size * 0.06;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const n = (rand() - 0.5) * 28; // grain
      let r = 236 + n;
      let g = 238 + n;
      let b = 242 + n;
      const dx = Math.abs(x - cx);
      // Shadow ellipse under the object.
      const sy = (y - bodyBottom - size * 0.02) / (size * 0.03);
      const sx = (x - cx) / (halfW * 1.3);
      if (sx * sx + sy * sy < 1) {
        r -= 40;
        g -= 40;
        b -= 38;
      }
      let inBody = false;
      if (y >= bodyTop && y <= bodyBottom && dx <= halfW) {
        // Rounded corners.
        const cyTop = bodyTop + radius;
        const cyBot = bodyBottom - radius;
        const cxEdge = halfW - radius;
        if (dx <= cxEdge || (y >= cyTop && y <= cyBot)) inBody = true;
        else {
          const ey = y < cyTop ? cyTop : cyBot;
          inBody = (dx - cxEdge) ** 2 + (y - ey) ** 2 <= radius * radius;
        }
      }
      const inNeck = y >= neckTop && y < bodyTop + radius && dx <= neckHalfW;
      if (inBody || inNeck) {
        const shade = 1 - (dx / halfW) * 0.35; // cylinder shading
        const t = (rand() - 0.5) * 36; // texture
        if (inNeck && y < neckTop + size * 0.06) {
          r = 40 * shade + t;
          g = 44 * shade + t;
          b = 52 * shade + t; // cap
        } else if (inBody && y > size * 0.5 && y < size * 0.68) {
          r = 250 * shade + t;
          g = 246 * shade + t;
          b = 232 * shade + t; // label
          if ((Math.floor(x / 18) + Math.floor(y / 18)) % 2 === 0 && dx < halfW * 0.7) {
            r -= 60;
            g -= 30;
          }
        } else {
          r = 232 * shade + t;
          g = 118 * shade + t;
          b = 38 * shade + t;
        }
      }
      const i = (y * size + x) * 4;
      png.data[i] = Math.max(0, Math.min(255, Math.round(r)));
      png.data[i + 1] = Math.max(0, Math.min(255, Math.round(g)));
      png.data[i + 2] = Math.max(0, Math.min(255, Math.round(b)));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}

/** A small noisy PNG (a few KB): valid format, below the size floor. */
export function tinyPng(size = 64): Buffer {
  const png = new PNG({ width: size, height: size });
  const rand = rng(7);
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = rand() * 255;
    png.data[i + 1] = rand() * 255;
    png.data[i + 2] = rand() * 255;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

export interface PngInfo {
  width: number;
  height: number;
  colorType: number;
  hasTrns: boolean;
  hasAlpha: boolean;
}

/** Reads a PNG's header: size, colour type and whether it has alpha. */
export function pngInfo(buf: Buffer): PngInfo {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length < 33 || !sig.every((b, i) => buf[i] === b)) throw new Error('not a PNG');
  if (buf.toString('ascii', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR first');
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const colorType = buf[25];
  let hasTrns = false;
  let off = 8;
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    if (type === 'tRNS') hasTrns = true;
    if (type === 'IDAT' || type === 'IEND') break;
    off += 12 + len;
  }
  // 4 = grey+alpha, 6 = RGBA; palette/grey/RGB have alpha only with tRNS.
  const hasAlpha = colorType === 4 || colorType === 6 || hasTrns;
  return { width, height, colorType, hasTrns, hasAlpha };
}
