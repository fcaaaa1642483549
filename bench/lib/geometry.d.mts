// Types of geometry.mjs for the engine's TypeScript tests.
export interface GeometryShape {
  name: string;
  minimal: number;
  corners: [number, number][];
  edges: [[number, number], [number, number]][];
  inside(x: number, y: number): boolean;
}
export function shapes(s: number): GeometryShape[];
export function renderShape(
  shape: GeometryShape,
  s: number,
  variant: 'aa' | '1bit',
): Uint8ClampedArray;
export const SCALE: number;
export function truthMask(shape: GeometryShape, s: number): Uint8Array;
export function maskFromRgba(
  rgba: Uint8Array | Uint8ClampedArray,
  W: number,
  H: number,
): Uint8Array;
export function outlineError(
  truth: Uint8Array,
  traced: Uint8Array,
  s: number,
): { max: number; mean: number; p90: number };
export function edgesAndCorners(
  shape: GeometryShape,
  doc: unknown,
  tol?: number,
): { edges: number; straight: number; corners: number; sharp: number };
