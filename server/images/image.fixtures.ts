import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** Test images built in memory: no binary fixtures in the repository. */

/** A photo-like image: left half red, right half blue (so rotations are visible in the pixels). */
export function twoTone(width: number, height: number): Sharp {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 60-byte PNG whose header claims 50,000 x 50,000 pixels: a decompression bomb's calling card. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose logical screen and first frame claim 50,000 x 50,000 pixels. */
export function gifBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(50_000, 6);
  header.writeUInt16LE(50_000, 8);
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 0x50, 0xc3, 0x50, 0xc3, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]);
  return Buffer.concat([header, image]);
}
