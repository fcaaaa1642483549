import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A small flat-colour drawing (a red disc and a blue bar on white), as PNG or another format. */
export async function drawing(format: 'png' | 'jpeg' | 'gif' = 'png', size = 96): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 96 96">
    <rect width="96" height="96" fill="#ffffff"/>
    <circle cx="34" cy="40" r="22" fill="#d62828"/>
    <rect x="58" y="20" width="22" height="60" fill="#1d4ed8"/>
  </svg>`;
  const img = sharp(Buffer.from(svg));
  if (format === 'jpeg') return img.jpeg({ quality: 90 }).toBuffer();
  if (format === 'gif') return img.gif().toBuffer();
  return img.png().toBuffer();
}

/** An uncompressed 24-bit BMP of the drawing (sharp cannot write BMP). */
export async function drawingBmp(size = 64): Promise<Buffer> {
  const { data, info } = await sharp(await drawing('png', size))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rowBytes = Math.ceil((info.width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowBytes * info.height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(info.width, 18);
  header.writeInt32LE(info.height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(rowBytes * info.height, 34);
  const pixels = Buffer.alloc(rowBytes * info.height);
  for (let y = 0; y < info.height; y++) {
    const row = info.height - 1 - y;
    for (let x = 0; x < info.width; x++) {
      const s = (y * info.width + x) * 3;
      const d = row * rowBytes + x * 3;
      pixels[d] = data[s + 2];
      pixels[d + 1] = data[s + 1];
      pixels[d + 2] = data[s];
    }
  }
  return Buffer.concat([header, pixels]);
}

/** Renders a raster of the same size from an SVG string and returns mean absolute RGB error (0..255). */
export async function svgDifference(svg: string, original: Buffer): Promise<number> {
  const meta = await sharp(original).metadata();
  const a = await sharp(original).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
  const b = await sharp(Buffer.from(svg))
    .resize(meta.width, meta.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** A PNG whose header passes the upload gate but whose pixels are missing: it fails in the worker. */
export function undecodablePng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(40, 0);
  ihdr.writeUInt32BE(40, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from('no deflate stream here')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Only a PNG signature and a header chunk declaring the size: never decodable, only sniffable. */
export function pngHeader(width: number, height: number, colour: 'rgb' | 'rgba'): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = colour === 'rgba' ? 6 : 2;
  return b;
}
