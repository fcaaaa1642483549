/** The guides listed on /tutorials: where each one lives and what it covers. */
export const TUTORIALS: { title: string; to: string; text: string }[] = [
  {
    title: 'Your first conversion',
    to: '/how-to-convert',
    text: 'Upload, choose settings, convert and download, step by step.',
  },
  {
    title: 'Batch conversion',
    to: '/batch-vectorization-guide',
    text: 'Prepare a folder of images and convert it with consistent settings.',
  },
  {
    title: 'Cricut and Silhouette',
    to: '/cricut-vectorization',
    text: 'Make cut-ready SVGs with layers per colour.',
  },
  {
    title: 'Laser cutting and engraving',
    to: '/laser-cutting-vectorization',
    text: 'Closed contours and colour layers for laser software.',
  },
  {
    title: 'CAD and CNC',
    to: '/cad-cnc-vector',
    text: 'DXF output for routers, plasma and waterjet.',
  },
  {
    title: 'Screen printing',
    to: '/screen-printing-vector',
    text: 'Flat colours ready for separation.',
  },
  {
    title: 'Choosing a format',
    to: '/blog/choosing-svg-pdf-eps-dxf',
    text: 'SVG, PDF, EPS or DXF: which one to pick.',
  },
  {
    title: 'Preparing images',
    to: '/blog/preparing-images-for-tracing',
    text: 'Five ways to get a cleaner trace.',
  },
  {
    title: 'Using the API',
    to: '/developer',
    text: 'Authenticate, upload and download from your own code.',
  },
];
