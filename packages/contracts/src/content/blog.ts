export interface BlogPost {
  slug: string;
  title: string;
  date: string;
  summary: string;
  body: { heading?: string; text: string }[];
}

export const POSTS: BlogPost[] = [
  {
    slug: 'why-colour-traces-have-seams',
    title: 'Why colour traces have white seams, and how shared edges fix them',
    date: '2026-11-02',
    summary:
      'Thin light lines between touching shapes are the most common complaint about colour tracing. They come from tracing each shape on its own.',
    body: [
      {
        text: 'Zoom into a colour trace from many tools and you will see hairline gaps where two shapes meet. The file is not broken: each shape was traced separately, and two independently fitted curves never land exactly on top of each other.',
      },
      {
        heading: 'Trace each boundary once',
        text: 'Tracery traces the boundary between two colour regions once and uses that same curve for both shapes. The red shape’s right edge is, point for point, the blue shape’s left edge. There is nothing for the background to show through.',
      },
      {
        heading: 'Stacked or cut-out',
        text: 'For screen display and print, stacked output lets shapes extend slightly under their neighbours, which hides anti-aliasing seams in renderers. For cutting, exact tiling keeps every shape to its own area.',
      },
      {
        heading: 'What to check',
        text: 'Open the result at 800% zoom on a dark background. Seams stand out immediately; a seam-free trace shows none.',
      },
    ],
  },
  {
    slug: 'choosing-svg-pdf-eps-dxf',
    title: 'SVG, PDF, EPS or DXF: which vector format do you need?',
    date: '2026-10-20',
    summary:
      'Four formats, four typical destinations. A short guide to picking the right one for web, print, cutting and CAD.',
    body: [
      {
        heading: 'SVG',
        text: 'The web’s vector format and the usual import format for Cricut Design Space, Silhouette Studio, LightBurn, Inkscape and Figma. Editable in a text editor.',
      },
      {
        heading: 'PDF',
        text: 'What most print shops prefer today. A vector PDF keeps paths, not pixels, with a page size matching your artwork.',
      },
      {
        heading: 'EPS',
        text: 'The older PostScript exchange format. Still requested by some sign, embroidery and print workflows.',
      },
      {
        heading: 'DXF',
        text: 'The CAD exchange format. Tracery writes it for cutters: real units (mm or inches), one layer per colour, one cut line per boundary (an edge two colours share is cut once, and there is no page frame), arcs as arcs and curves as fine polylines or splines, for CNC routers, lasers, vinyl and plasma cutters.',
      },
      { text: 'SVG and PDF are on every plan; EPS and DXF start with the Basic plan.' },
    ],
  },
  {
    slug: 'preparing-images-for-tracing',
    title: 'Five ways to prepare an image for a cleaner trace',
    date: '2026-10-05',
    summary: 'A few minutes of preparation often matters more than any setting.',
    body: [
      {
        heading: '1. Use the biggest original',
        text: 'More pixels per curve means a more accurate curve. A logo from a website footer is the last resort, not the first.',
      },
      {
        heading: '2. Prefer PNG to JPG',
        text: 'JPEG compression adds blocks and halos around edges. Tracery cleans them, but a PNG has none to begin with.',
      },
      {
        heading: '3. Do not posterise',
        text: 'Anti-aliased edge pixels tell the tracer where an edge lies between pixels. Reducing colours first throws that information away.',
      },
      {
        heading: '4. Crop',
        text: 'Remove borders, watermarks and backgrounds you do not want as shapes.',
      },
      {
        heading: '5. Straighten scans',
        text: 'A slightly rotated scan turns straight lines into long staircases. Rotate it first.',
      },
    ],
  },
  {
    slug: 'credits-explained',
    title: 'Credits explained: standard, economy and large files',
    date: '2026-09-18',
    summary:
      'How the cost of a conversion is worked out, and how to make your monthly credits go further.',
    body: [
      {
        text: 'A standard conversion costs 1 credit. Economy costs 0.6: it uses the fast configuration of the tracer, with fewer colours and coarser fitting.',
      },
      {
        heading: 'Large files',
        text: 'Files up to 5 MB cost the base price. Above that, each further 5 MB adds 20%, up to at most double.',
      },
      {
        heading: 'Before you convert',
        text: 'The converter shows the cost of the newest file in your queue, and a failed conversion is refunded automatically.',
      },
    ],
  },
];
