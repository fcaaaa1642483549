/**
 * Working image shared by the stages: separate RGB and alpha planes, plus helpers to
 * convert from the public RGBA raster and to resample large inputs (area averaging).
 */
import type { RasterImage } from './types.js';
import { luma } from './colour.js';
import { lendArray } from './lent-arrays.js';

export interface WorkImage {
  width: number;
  height: number;
  /** 3 bytes per pixel, straight (not premultiplied) colour. */
  rgb: Uint8Array;
  /** 1 byte per pixel. */
  alpha: Uint8Array;
}

export function toWorkImage(img: RasterImage): WorkImage {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`Invalid image size ${width}x${height}`);
  }
  if (data.length < width * height * 4)
    throw new RangeError('Image data is shorter than width*height*4');
  const n = width * height;
  const rgb = lendArray(Uint8Array, n * 3);
  const alpha = lendArray(Uint8Array, n);
  if (data.byteOffset % 4 === 0 && LITTLE_ENDIAN) splitWords(data, rgb, alpha, n);
  else splitBytes(data, rgb, alpha, n);
  return { width, height, rgb, alpha };
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** RGBA bytes to the two planes, one 32-bit read per pixel (aligned data, little-endian). */
function splitWords(
  data: Uint8ClampedArray | Uint8Array,
  rgb: Uint8Array,
  alpha: Uint8Array,
  n: number,
): void {
  const words = new Int32Array(data.buffer, data.byteOffset, n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const v = words[i];
    rgb[j] = v;
    rgb[j + 1] = v >> 8;
    rgb[j + 2] = v >> 16;
    alpha[i] = v >>> 24;
  }
}

function splitBytes(
  data: Uint8ClampedArray | Uint8Array,
  rgb: Uint8Array,
  alpha: Uint8Array,
  n: number,
): void {
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = data[i * 4];
    rgb[i * 3 + 1] = data[i * 4 + 1];
    rgb[i * 3 + 2] = data[i * 4 + 2];
    alpha[i] = data[i * 4 + 3];
  }
}

/** The image in shades of grey: each pixel's luminance on all three channels. */
export function toGrey(img: WorkImage): WorkImage {
  const rgb = lendArray(Uint8Array, img.rgb.length);
  for (let i = 0; i < rgb.length; i += 3)
    rgb[i] = rgb[i + 1] = rgb[i + 2] = luma(img.rgb[i], img.rgb[i + 1], img.rgb[i + 2]);
  return { ...img, rgb };
}

/** Box-filter downscale to w x h (smaller), alpha-weighted colour averaging. */
export function downscale(img: WorkImage, w: number, h: number): WorkImage {
  const fx = img.width / w;
  const fy = img.height / h;
  const rgb = lendArray(Uint8Array, w * h * 3, 0);
  const alpha = lendArray(Uint8Array, w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.min(img.height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.min(img.width, Math.floor((x + 1) * fx)));
      let r = 0,
        g = 0,
        b = 0,
        a = 0,
        cnt = 0;
      for (let yy = y0; yy < y1; yy++) {
        let p = yy * img.width + x0;
        for (let xx = x0; xx < x1; xx++, p++) {
          const al = img.alpha[p];
          r += img.rgb[p * 3] * al;
          g += img.rgb[p * 3 + 1] * al;
          b += img.rgb[p * 3 + 2] * al;
          a += al;
          cnt++;
        }
      }
      const o = y * w + x;
      alpha[o] = Math.round(a / cnt);
      if (a > 0) {
        rgb[o * 3] = Math.round(r / a);
        rgb[o * 3 + 1] = Math.round(g / a);
        rgb[o * 3 + 2] = Math.round(b / a);
      }
    }
  }
  return { width: w, height: h, rgb, alpha };
}
