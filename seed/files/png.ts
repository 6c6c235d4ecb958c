import { constants, deflateSync } from "node:zlib";
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphBitmap, textWidth } from "./bitmap-font";
import { crc32 } from "./crc32";

/**
 * Small real PNG images: an indexed-colour canvas with filled rectangles and bitmap text,
 * encoded with the PNG chunk layout (IHDR, PLTE, IDAT, IEND), zlib and CRC-32.
 */
export type Rgb = readonly [number, number, number];

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class IndexedCanvas {
  readonly pixels: Uint8Array;
  private readonly palette: Rgb[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height);
    this.colour(background);
  }

  /** The palette index of a colour, adding it when new (at most 256 colours). */
  colour(rgb: Rgb): number {
    const found = this.palette.findIndex((c) => c[0] === rgb[0] && c[1] === rgb[1] && c[2] === rgb[2]);
    if (found >= 0) return found;
    if (this.palette.length === 256) throw new Error("An indexed PNG holds at most 256 colours");
    this.palette.push(rgb);
    return this.palette.length - 1;
  }

  fillRect(x: number, y: number, width: number, height: number, rgb: Rgb): void {
    const index = this.colour(rgb);
    const x1 = Math.min(this.width, x + width);
    const y1 = Math.min(this.height, y + height);
    for (let row = Math.max(0, y); row < y1; row++) this.pixels.fill(index, row * this.width + Math.max(0, x), row * this.width + x1);
  }

  text(value: string, x: number, y: number, scale: number, rgb: Rgb): void {
    const index = this.colour(rgb);
    for (let c = 0; c < value.length; c++) {
      const left = x + c * (GLYPH_WIDTH + 1) * scale;
      const bitmap = glyphBitmap(value[c]);
      if (!bitmap) continue;
      for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
        for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
          if (!bitmap[gy * GLYPH_WIDTH + gx]) continue;
          for (let sy = 0; sy < scale; sy++) {
            const row = y + gy * scale + sy;
            if (row < 0 || row >= this.height) continue;
            const start = left + gx * scale;
            if (start >= this.width) continue;
            this.pixels.fill(index, row * this.width + Math.max(0, start), row * this.width + Math.min(this.width, start + scale));
          }
        }
      }
    }
  }

  centredText(value: string, y: number, scale: number, rgb: Rgb): void {
    this.text(value, Math.floor((this.width - textWidth(value, scale)) / 2), y, scale, rgb);
  }

  toPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 3; // colour type: indexed
    // compression, filter and interlace methods stay 0
    const palette = Buffer.alloc(this.palette.length * 3);
    this.palette.forEach((rgb, i) => palette.set(rgb, i * 3));
    const scanlines = Buffer.alloc((this.width + 1) * this.height);
    for (let row = 0; row < this.height; row++) {
      // Each scanline starts with its filter type (0: none).
      scanlines.set(this.pixels.subarray(row * this.width, (row + 1) * this.width), row * (this.width + 1) + 1);
    }
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk("IHDR", header),
      chunk("PLTE", palette),
      // Run-length strategy: these flat-colour images compress nearly as well, five times faster.
      chunk("IDAT", deflateSync(scanlines, { strategy: constants.Z_RLE })),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeBytes = Buffer.from(type, "latin1");
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.set(typeBytes, 4);
  out.set(data, 8);
  out.writeUInt32BE(crc32(typeBytes, data), 8 + data.length);
  return out;
}
