import bmp from 'bmp-js';
import sharp, { type OutputInfo } from 'sharp';
import { DomainError } from '../errors.js';
import { sniffImage, type ImageHeader } from './sniff.js';

export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface DecodeLimits {
  maxPixels: number;
  maxFrames: number;
}

export interface DecodedImage {
  header: ImageHeader;
  full: Raster;
  /** The same image at most SAMPLE_SIDE on its longest side, for quality measurements. */
  sample: Raster;
}

const SAMPLE_SIDE = 384;

/** The upload gate alone: format by magic bytes, pixel and frame limits from the header. */
export function gateUpload(bytes: Uint8Array, limits: DecodeLimits, plan?: string): ImageHeader {
  const header = sniffImage(bytes);
  checkPixels(header, limits, plan);
  return header;
}

/** The header's pixel size and frame count against the limits (`plan`: whose limit it is). */
export function checkPixels(header: ImageHeader, limits: DecodeLimits, plan?: string): void {
  if (header.width * header.height > limits.maxPixels || header.maxFramePixels > limits.maxPixels) {
    throw new DomainError(
      'IMAGE_TOO_LARGE',
      `The image is too large: ${header.width}×${header.height} pixels; the ${plan ? `${plan} plan's ` : ''}limit is ${(limits.maxPixels / 1e6).toFixed(0)} megapixels`,
    );
  }
  if (header.frames > limits.maxFrames) {
    throw new DomainError(
      'IMAGE_TOO_LARGE',
      `The GIF has too many frames (${header.frames}; at most ${limits.maxFrames})`,
    );
  }
}

/** Gate (header), then decode with bounded decoders into straight RGBA. */
export async function decodeUpload(bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedImage> {
  const header = gateUpload(bytes, limits);
  const input = header.format === 'bmp' ? await bmpToPng(bytes) : Buffer.from(bytes);
  try {
    const image = sharp(input, {
      limitInputPixels: limits.maxPixels,
      pages: 1,
      failOn: 'truncated',
      sequentialRead: true,
    })
      .autoOrient()
      .timeout({ seconds: 30 });
    const full = await image.clone().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const sample = await image
      .clone()
      .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { header, full: toRaster(full), sample: toRaster(sample) };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(
      'IMAGE_INVALID',
      `The ${header.format.toUpperCase()} file is damaged or truncated and cannot be read`,
    );
  }
}

function toRaster(out: { data: Buffer; info: OutputInfo }): Raster {
  return {
    width: out.info.width,
    height: out.info.height,
    data: new Uint8ClampedArray(out.data.buffer, out.data.byteOffset, out.data.byteLength),
  };
}

/** bmp-js yields ABGR with alpha 0 when the file has no alpha; re-encode as PNG for sharp. */
async function bmpToPng(bytes: Uint8Array): Promise<Buffer> {
  let decoded: { width: number; height: number; data: Buffer };
  try {
    decoded = bmp.decode(Buffer.from(bytes));
  } catch {
    throw new DomainError(
      'IMAGE_INVALID',
      'The BMP file is damaged or truncated and cannot be read',
    );
  }
  const { width, height, data } = decoded;
  const rgba = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let i = 0; i < rgba.length; i += 4) if (data[i] !== 0) anyAlpha = true;
  for (let i = 0; i < rgba.length; i += 4) {
    rgba[i] = data[i + 3];
    rgba[i + 1] = data[i + 2];
    rgba[i + 2] = data[i + 1];
    rgba[i + 3] = anyAlpha ? data[i] : 255;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
