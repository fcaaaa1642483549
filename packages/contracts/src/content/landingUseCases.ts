import type { LandingContent } from './landingContent.js';

/** Landing pages per trade: print, screen printing, cutting machines, CAD/CNC, embroidery. */
export const USE_CASE_PAGES: Record<string, LandingContent> = {
  'print-ready-vector': {
    title: 'Print-ready vector files',
    lead: 'Send your printer what they ask for: true vector PDF or EPS from a JPG or PNG.',
    benefits: [
      ['Real vectors', 'Paths, not an embedded image: the file scales to any print size.'],
      ['Correct size', 'PDF and EPS carry a real bounding box that matches the artwork.'],
      [
        'Spot-colour friendly',
        'Flat artwork gives one group of fills per colour, easy to assign to inks.',
      ],
    ],
    tips: [
      'EPS and PDF output are included from the Basic plan; SVG and PDF on Free.',
      'Ask your printer which format they prefer.',
      'Check fine text at 100% zoom before sending.',
    ],
    faq: [
      {
        question: 'What resolution is the vector?',
        answer: 'Vectors have no resolution: they are drawn at whatever size they are printed.',
      },
      {
        question: 'Does the PDF include my colours as CMYK?',
        answer:
          'Colours are written as RGB; your printer converts them to their ink set, or you can assign spot colours in a vector editor.',
      },
    ],
  },
  'graphics-vectorization': {
    title: 'Graphics vectorization service',
    lead: 'Vectorise icons, illustrations, badges and diagrams in bulk, online or through the API.',
    benefits: [
      ['Consistent results', 'The same settings give the same output for every file in a batch.'],
      ['Batch and API', 'Queue dozens of images, or automate the work from your own systems.'],
      [
        'Measured quality',
        'Each result reports a quality score measured by re-rendering the vector and comparing it with the input.',
      ],
    ],
    tips: [
      'Group similar graphics into one batch with the same settings.',
      'Use DXF for CAD, SVG for design tools.',
      'See the batch guide for larger jobs.',
    ],
    faq: [
      {
        question: 'How many files per batch?',
        answer: 'Free: 5, Basic: 20, Pro: 50, Business: 100.',
      },
      {
        question: 'Is there an API?',
        answer: 'Yes; see the developer page. API access is part of the Business plan.',
      },
    ],
  },
  'print-shop-vector-conversion': {
    title: 'Vector conversion for print shops',
    lead: 'Customers send low-resolution logos. Turn them into print-ready vectors in minutes, in bulk.',
    benefits: [
      ['Batch the queue', 'Convert a day’s worth of customer artwork in one batch.'],
      ['Spot-colour ready', 'Fills are grouped per colour, ready to assign to inks.'],
      ['PDF and EPS', 'Native vector formats for RIP and layout software.'],
    ],
    tips: [
      'Use the same quality tier for a whole job so results match.',
      'Check thin strokes at actual size before plating.',
      'The Business plan adds three seats for your team.',
    ],
    faq: [
      {
        question: 'Can my whole team use one account?',
        answer: 'The Business plan includes three seats.',
      },
      { question: 'How long are files kept?', answer: '30 days on Business, 7 days on Pro.' },
    ],
  },
  'screen-printing-vector': {
    title: 'Vectors for screen printing',
    lead: 'Separate artwork into clean, flat colours: one vector layer per screen.',
    benefits: [
      [
        'Flat colours',
        'Logos with a few solid colours come out as the same few fills, grouped by colour.',
      ],
      [
        'No slivers',
        'Anti-aliased edge pixels join a neighbouring colour instead of becoming thin extra shapes.',
      ],
      [
        'Tight registration',
        'Shared edges mean colours meet exactly; add trap in your separation software.',
      ],
    ],
    tips: [
      'Start from the cleanest artwork available.',
      'Economy mode merges near-identical colours more aggressively.',
      'Export PDF or EPS for your separation software.',
    ],
    faq: [
      {
        question: 'Does Tracery make halftones?',
        answer:
          'No. It produces flat-colour vectors; halftoning happens in your RIP or separation software.',
      },
      {
        question: 'Can I pick the exact ink colours?',
        answer: 'Recolour the traced layers to your ink colours in a vector editor.',
      },
    ],
  },
  'cad-cnc-vector': {
    title: 'Image to vector for CAD and CNC',
    lead: 'Turn sketches, scans and logos into DXF geometry for routers, lasers, plasma and waterjet cutters.',
    benefits: [
      ['DXF output', 'Closed polylines per colour layer.'],
      [
        'Smooth curves',
        'Staircase pixel edges are fitted into lines and curves the machine can follow smoothly.',
      ],
      ['Speckle removal', 'Dust and noise below a set size are removed.'],
    ],
    tips: [
      'High-contrast black-on-white scans give the cleanest toolpaths.',
      'Scale to real-world units in your CAM software.',
      'Check small inside corners against your tool diameter.',
    ],
    faq: [
      {
        question: 'Can I get SVG instead?',
        answer: 'Yes; many laser programs import SVG as well as DXF.',
      },
      {
        question: 'Are holes kept?',
        answer:
          'Yes. Shapes keep their holes (for example the inside of an O), which matters for cutting.',
      },
    ],
  },
  'cricut-vectorization': {
    title: 'Image to SVG for Cricut',
    lead: 'Make cut-ready SVGs for Cricut Design Space and Silhouette Studio from any picture.',
    benefits: [
      ['Cut-ready paths', 'Closed shapes that the machine cuts cleanly.'],
      ['Layered colours', 'One layer per colour of vinyl or cardstock.'],
      ['Small details cleaned', 'Specks too small to weed are merged away.'],
    ],
    tips: [
      'Fewer colours mean fewer layers to cut and weed.',
      'Black-on-white artwork traces to a single layer, ideal for one-colour decals.',
      'Use "Attach" in Design Space to keep layer positions.',
    ],
    faq: [
      {
        question: 'Does Design Space accept the SVG?',
        answer: 'Yes. Upload it as an SVG image; each colour becomes a layer.',
      },
      {
        question: 'Why are there white shapes?',
        answer:
          'White areas of the picture become white shapes; hide or delete them before cutting.',
      },
    ],
  },
  'laser-cutting-vectorization': {
    title: 'Vectorization for laser cutting and engraving',
    lead: 'Turn logos and drawings into clean SVG or DXF for LightBurn, RDWorks and other laser software.',
    benefits: [
      ['Cut lines meet', 'Outlines close, and in DXF an edge two colours share is cut once.'],
      ['Colour layers', 'Assign different colours to cut, score and engrave operations.'],
      ['Sharp corners kept', 'Corners stay crisp and the laser does not round them.'],
    ],
    tips: [
      'Scale the artwork to its real size in your laser software after import.',
      'Test on scrap to tune power and kerf.',
      'Engrave fills, cut outlines: separate them by colour.',
    ],
    faq: [
      {
        question: 'SVG or DXF?',
        answer:
          'Both work in most laser software; DXF is common for CAD-based workflows, SVG keeps colours as layers.',
      },
      {
        question: 'Can it do centerline engraving?',
        answer:
          'The tracer outlines filled shapes. For single-stroke engraving, trace thin line art and check the result.',
      },
    ],
  },
  'embroidery-vectorization': {
    title: 'Vectorization for embroidery digitising',
    lead: 'Start digitising from clean vector shapes instead of a blurry logo.',
    benefits: [
      ['Flat colour regions', 'One region per thread colour, with no slivers.'],
      ['Clean outlines', 'Smooth edges make satin stitches and borders easier to place.'],
      ['EPS and SVG', 'Import into digitising software that accepts vector artwork.'],
    ],
    tips: [
      'Reduce the logo to the thread colours you will use.',
      'Remove detail smaller than a stitch can reproduce.',
      'Tracery gives you vector artwork; stitch types and density are set in your digitising software.',
    ],
    faq: [
      {
        question: 'Does Tracery create stitch files?',
        answer:
          'No. It creates vector artwork (SVG, EPS) that embroidery digitising software imports.',
      },
      {
        question: 'How many colours should I use?',
        answer: 'Usually as few as the design allows; each colour is a thread change.',
      },
    ],
  },
};
