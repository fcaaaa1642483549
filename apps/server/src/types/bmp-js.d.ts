declare module 'bmp-js' {
  interface BmpImage {
    width: number;
    height: number;
    data: Buffer;
  }
  const bmp: { decode(buffer: Buffer): BmpImage; encode(image: BmpImage): { data: Buffer } };
  export default bmp;
}
