import { DomainError } from '../errors.js';

/**
 * Upload gate, before any decoder sees the bytes: the format from its magic bytes (never the
 * file name or the client's content type) and the pixel size from the header, plus GIF frame
 * sizes and counts. Everything here reads at most a bounded walk over the header structures.
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
  frames: number;
  /** The largest frame area in pixels (GIF frames may be larger than the logical screen). */
  maxFramePixels: number;
}

const SUPPORTED = 'Upload a PNG, JPEG, GIF or BMP image';

export function sniffImage(bytes: Uint8Array): ImageHeader {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    return png(b);
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (
    b.length >= 13 &&
    (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')
  ) {
    return gif(b);
  }
  if (b.length >= 30 && b[0] === 0x42 && b[1] === 0x4d) return bmp(b);
  throw new DomainError('IMAGE_UNSUPPORTED', `The file is not a supported image. ${SUPPORTED}.`);
}

function single(format: ImageFormat, width: number, height: number): ImageHeader {
  if (!(width > 0 && height > 0)) {
    throw new DomainError(
      'IMAGE_INVALID',
      `The ${format.toUpperCase()} header declares an invalid size (${width}×${height})`,
    );
  }
  return { format, width, height, frames: 1, maxFramePixels: width * height };
}

function png(b: Buffer): ImageHeader {
  if (b.toString('latin1', 12, 16) !== 'IHDR') {
    throw new DomainError('IMAGE_INVALID', 'The PNG file is damaged: its header chunk is missing');
  }
  return single('png', b.readUInt32BE(16), b.readUInt32BE(20));
}

function jpeg(b: Buffer): ImageHeader {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = b[i + 1];
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    const isSof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return single('jpeg', b.readUInt16BE(i + 7), b.readUInt16BE(i + 5));
    if (marker === 0xda || length < 2) break;
    i += 2 + length;
  }
  throw new DomainError(
    'IMAGE_INVALID',
    'The JPEG file is damaged or truncated: no image size found',
  );
}

function skipSubBlocks(b: Buffer, i: number): number {
  while (i < b.length) {
    const size = b[i];
    i += 1;
    if (size === 0) return i;
    i += size;
  }
  return -1;
}

function gif(b: Buffer): ImageHeader {
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  const packed = b[10];
  let i = 13 + (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);
  let frames = 0;
  let maxFramePixels = 0;
  while (i >= 0 && i < b.length) {
    const block = b[i];
    if (block === 0x3b) break;
    if (block === 0x21) {
      i = skipSubBlocks(b, i + 2);
    } else if (block === 0x2c) {
      if (i + 10 > b.length) break;
      const fw = b.readUInt16LE(i + 5);
      const fh = b.readUInt16LE(i + 7);
      const fpacked = b[i + 9];
      frames++;
      maxFramePixels = Math.max(maxFramePixels, fw * fh);
      i += 10 + (fpacked & 0x80 ? 3 * (1 << ((fpacked & 7) + 1)) : 0);
      i = skipSubBlocks(b, i + 1);
    } else {
      break;
    }
  }
  if (frames === 0) throw new DomainError('IMAGE_INVALID', 'The GIF file holds no image');
  const header = single('gif', width, height);
  return { ...header, frames, maxFramePixels: Math.max(maxFramePixels, width * height) };
}

function bmp(b: Buffer): ImageHeader {
  const dibSize = b.readUInt32LE(14);
  if (dibSize < 40)
    throw new DomainError('IMAGE_INVALID', 'This BMP variant (OS/2 header) is not supported');
  const width = b.readInt32LE(18);
  const height = Math.abs(b.readInt32LE(22));
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  if (![1, 4, 8, 16, 24, 32].includes(bpp) || ![0, 3].includes(compression)) {
    throw new DomainError(
      'IMAGE_INVALID',
      `This BMP encoding (${bpp}-bit, compression ${compression}) is not supported`,
    );
  }
  return single('bmp', width, height);
}
