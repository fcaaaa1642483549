/** Converter and use-case landing pages (§2.2); their text lives in content/landing.ts (lazy). */
export const LANDING_SLUGS = [
  'jpg-to-vector',
  'png-to-svg',
  'pdf-to-svg',
  'image-to-vector',
  'bitmap-to-svg',
  'logo-vectorizer',
  'vector-tracing',
  'print-ready-vector',
  'scalable-graphics',
  'auto-trace-tool',
  'photo-to-vector',
  'graphics-vectorization',
  'svg-to-pdf',
  'png-to-eps',
  'jpg-to-eps',
  'png-to-dxf',
  'free-svg-converter',
  'print-shop-vector-conversion',
  'screen-printing-vector',
  'cad-cnc-vector',
  'cricut-vectorization',
  'laser-cutting-vectorization',
  'embroidery-vectorization',
] as const;
export type LandingSlug = (typeof LANDING_SLUGS)[number];

/** The Converters menu of the header (§2.1). */
export const CONVERTER_MENU: { to: string; label: string }[] = [
  { to: '/convert', label: 'Universal Converter' },
  { to: '/jpg-to-vector', label: 'JPG to Vector' },
  { to: '/png-to-svg', label: 'PNG to SVG' },
  { to: '/pdf-to-svg', label: 'PDF to SVG' },
  { to: '/logo-vectorizer', label: 'Logo Vectorizer' },
  { to: '/auto-trace-tool', label: 'Auto Trace Tool' },
  { to: '/photo-to-vector', label: 'Photo to Vector' },
];
