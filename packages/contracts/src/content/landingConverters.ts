import type { LandingContent } from './landingContent.js';

const RASTER_ONLY =
  'Tracery reads raster images: JPG, PNG, GIF and BMP. Export or screenshot the artwork as a PNG first (at the highest resolution you have), then trace it.';

/** Landing pages of the converters (input and output formats). */
export const CONVERTER_PAGES: Record<string, LandingContent> = {
  'jpg-to-vector': {
    title: 'JPG to vector converter',
    lead: 'Turn JPG photos, scans and logos into SVG, PDF, EPS or DXF with smooth curves and clean colour regions.',
    benefits: [
      [
        'JPEG noise handled',
        'Compression blocks and ringing around edges are smoothed before tracing, without blurring the edges themselves.',
      ],
      [
        'Clean colour regions',
        'The palette is estimated from the image, and anti-aliased edge pixels join a neighbouring colour instead of becoming slivers.',
      ],
      ['Any size', 'The vector prints sharp on a business card or a banner from the same file.'],
    ],
    tips: [
      'Use the largest JPG you have: more pixels give more accurate curves.',
      'Heavily compressed logos trace better in economy mode with fewer colours.',
      'Crop away borders and backgrounds you do not need before uploading.',
    ],
    faq: [
      {
        question: 'Does the JPG background become a shape?',
        answer:
          'A plain background becomes one shape that you can delete in any vector editor; transparent PNGs keep their transparency.',
      },
      {
        question: 'Can I convert a photo?',
        answer:
          'Yes. Photos are detected and traced with many colour regions, which gives a posterised, illustrative look rather than a photographic one.',
      },
    ],
  },
  'png-to-svg': {
    title: 'PNG to SVG converter',
    lead: 'Convert PNG logos, icons and illustrations into scalable SVG, keeping transparent areas transparent.',
    benefits: [
      [
        'Transparency kept',
        'Transparent pixels stay empty in the SVG; no white or black box around your artwork.',
      ],
      [
        'Shared edges',
        'Adjacent colours share one traced boundary, so there are no hairline gaps when the SVG is scaled.',
      ],
      [
        'Compact files',
        'Path data uses the precision the image needs, so SVGs stay small enough for the web.',
      ],
    ],
    tips: [
      'Icons drawn on a pixel grid are recognised as pixel art and keep their hard pixel edges.',
      'Anti-aliased edges are used to place curves at sub-pixel accuracy: do not posterise the PNG first.',
      'For web use, SVG is usually smaller than a high-resolution PNG of the same logo.',
    ],
    faq: [
      {
        question: 'Is the SVG editable?',
        answer:
          'Yes. Each colour is a group of closed paths that you can recolour, move or delete in Inkscape, Illustrator, Figma or a text editor.',
      },
      {
        question: 'Does the SVG contain scripts or links?',
        answer:
          'No. Output SVG holds only shapes and colours, with no scripts and no external references.',
      },
    ],
  },
  'pdf-to-svg': {
    title: 'Scanned PDF to SVG',
    lead: 'Got a logo or drawing stuck inside a scanned PDF? Trace it into a clean SVG.',
    benefits: [
      [
        'Scans become lines',
        'Scanned line drawings are traced into smooth outlines instead of a grid of pixels.',
      ],
      ['Clean edges', 'Paper texture and scanner noise below the speckle size are dropped.'],
      ['Print or cut', 'Export as SVG for editing, or PDF and EPS for print workflows.'],
    ],
    tips: [
      RASTER_ONLY,
      'Scan or export at 300 dpi or more for fine line work.',
      'Pure black-on-white scans are detected as line art and give the crispest outlines.',
    ],
    faq: [
      { question: 'Can I upload the PDF itself?', answer: RASTER_ONLY },
      {
        question: 'My PDF already contains vectors. Do I need this?',
        answer:
          'No: a PDF made in a design program usually contains real vector paths already. Open it in a vector editor and export SVG directly.',
      },
    ],
  },
  'image-to-vector': {
    title: 'Image to vector converter',
    lead: 'One converter for every raster image: JPG, PNG, GIF and BMP in; SVG, PDF, EPS and DXF out.',
    benefits: [
      [
        'Automatic mode',
        'Line art, flat-colour logos, photos and pixel art are recognised and traced with suitable settings.',
      ],
      [
        'Preview first',
        'An instant vector preview is traced in your browser before you spend a credit.',
      ],
      ['Four formats', 'SVG for the web and cutters, PDF and EPS for print, DXF for CAD and CNC.'],
    ],
    tips: [
      'Start with standard quality; switch to economy for simple artwork to save 40%.',
      'Use PNG rather than JPG when you have the choice.',
      'Queue several files and convert them one by one, or use batch conversion.',
    ],
    faq: [
      {
        question: 'How much does it cost?',
        answer:
          'A standard conversion costs 1 credit and economy 0.6. The free plan includes 25 credits every month.',
      },
      {
        question: 'How long does it take?',
        answer:
          'Most logos and drawings convert in a few seconds; large photos take longer. The preview in your browser appears almost immediately.',
      },
    ],
  },
  'bitmap-to-svg': {
    title: 'Bitmap (BMP) to SVG',
    lead: 'Convert BMP bitmaps, including old Windows artwork and screenshots, into scalable SVG.',
    benefits: [
      [
        'BMP supported',
        'Uncompressed and palette BMP files are read directly; no conversion step needed.',
      ],
      [
        'Pixel art recognised',
        'Retro graphics drawn on a pixel grid keep their hard, square edges.',
      ],
      [
        'Small output',
        'Flat-colour bitmaps become a handful of paths instead of megabytes of pixels.',
      ],
    ],
    tips: [
      'Screenshots of text are better recreated with real fonts; trace logos and icons instead.',
      'Large flat areas trace fastest in economy mode.',
      'Palette BMPs with only a few colours give especially compact vectors.',
    ],
    faq: [
      {
        question: 'What is the difference between a bitmap and a vector?',
        answer:
          'A bitmap stores a grid of coloured pixels; a vector stores shapes. Vectors scale to any size without blurring and are what printers, cutters and CAD programs expect.',
      },
      {
        question: 'Which output should I choose?',
        answer: 'SVG for editing and the web, PDF or EPS for print, DXF for CAD and CNC.',
      },
    ],
  },
  'logo-vectorizer': {
    title: 'Logo vectorizer',
    lead: 'Recreate a logo from a small JPG or PNG as a crisp vector your printer or sign maker will accept.',
    benefits: [
      [
        'Sharp corners',
        'Corners stay sharp and curves stay smooth, instead of every edge being rounded off.',
      ],
      [
        'Brand colours',
        'Flat brand colours come out as flat fills, grouped by colour so they are easy to match to your palette.',
      ],
      [
        'Print-ready',
        'PDF and EPS output with real bounding boxes drops straight into print workflows.',
      ],
    ],
    tips: [
      'Find the largest version of the logo you can, such as from a website header or an old PDF.',
      'Remove photographic backgrounds before tracing.',
      'After conversion, replace traced text with the real font if you know it.',
    ],
    faq: [
      {
        question: 'Will my printer accept the file?',
        answer:
          'Print shops ask for vector artwork; PDF and EPS from Tracery contain vector paths, not embedded pixels.',
      },
      {
        question: 'Can I change the colours afterwards?',
        answer:
          'Yes. Each colour is its own group of shapes, so recolouring takes a few clicks in any vector editor.',
      },
    ],
  },
  'vector-tracing': {
    title: 'What is vector tracing?',
    lead: 'Vector tracing turns the pixels of an image into shapes described by lines and curves. Here is how Tracery does it.',
    benefits: [
      [
        '1. Analyse and clean',
        'The image is classified (line art, flat colour, photo or pixel art) and compression noise is removed.',
      ],
      [
        '2. Segment',
        'Pixels are grouped into regions of one colour; tiny specks merge into their neighbours.',
      ],
      [
        '3. Fit',
        'Each boundary between two regions is traced once, then fitted with straight lines, arcs and Bézier curves within a set error.',
      ],
    ],
    tips: [
      'Because each shared boundary is traced once, neighbouring shapes meet exactly: no gaps and no overlaps.',
      'Anti-aliased edge pixels are used to place edges at sub-pixel positions.',
      'The economy tier uses fewer colours and coarser fitting; standard keeps more detail.',
    ],
    faq: [
      {
        question: 'Is tracing the same as upscaling?',
        answer:
          'No. Upscaling produces a bigger bitmap; tracing produces shapes that scale to any size.',
      },
      {
        question: 'Can tracing recreate a photo exactly?',
        answer:
          'No. Photos become many flat colour regions, a stylised look. Tracing works best on logos, drawings and illustrations.',
      },
    ],
  },
  'scalable-graphics': {
    title: 'Scalable graphics from any image',
    lead: 'Make one file that looks sharp on a phone screen, a poster and a vehicle wrap.',
    benefits: [
      ['Resolution-independent', 'SVG and PDF render sharply at any zoom level.'],
      ['Lighter pages', 'A traced logo is often far smaller than a retina-sized PNG.'],
      ['Easy to restyle', 'Change colours with CSS or a vector editor.'],
    ],
    tips: [
      'Use SVG for websites and apps.',
      'Keep the original raster as a reference.',
      'Simplify busy artwork before tracing for the cleanest result.',
    ],
    faq: [
      {
        question: 'Do all browsers show SVG?',
        answer: 'Yes, every current browser displays SVG images.',
      },
      {
        question: 'Can I animate the result?',
        answer: 'Yes: each shape is a separate path you can style or animate with CSS.',
      },
    ],
  },
  'auto-trace-tool': {
    title: 'Online auto trace tool',
    lead: 'Automatic tracing without installing software: drop an image, check the preview, download the vector.',
    benefits: [
      ['No settings needed', 'The right mode is picked for each image automatically.'],
      ['Instant preview', 'See the traced result in your browser before converting.'],
      ['Works anywhere', 'Runs in any current browser; install it as an app if you like.'],
    ],
    tips: [
      'Compare the preview with the original before converting.',
      'Use economy for simple shapes and standard for detailed art.',
      'Keyboard users can run the whole flow without a mouse.',
    ],
    faq: [
      {
        question: 'How is this different from Image Trace in a desktop editor?',
        answer:
          'No installation, consistent results without tuning, and shared edges between colours so there are no seams.',
      },
      {
        question: 'Do I need an account?',
        answer:
          'You can queue files and see previews without one; converting needs a free account.',
      },
    ],
  },
  'photo-to-vector': {
    title: 'Photo to vector',
    lead: 'Turn photos into bold, poster-style vector illustrations with flat colour regions.',
    benefits: [
      [
        'Stylised look',
        'Photos become layered regions of flat colour, a look used for posters and stickers.',
      ],
      [
        'Control the detail',
        'Fewer colours give a graphic look; more colours keep more of the photo.',
      ],
      ['Layered output', 'Shapes are stacked so there are no gaps between regions.'],
    ],
    tips: [
      'High-contrast photos with a simple background work best.',
      'Crop tightly around the subject.',
      'Photos produce large files; economy tier keeps them lighter.',
    ],
    faq: [
      {
        question: 'Will the vector look like the photo?',
        answer:
          'It looks like an illustration of the photo. Fine gradients become bands of colour.',
      },
      {
        question: 'Which format is best for photos?',
        answer: 'PDF for print; SVG if you want to edit shapes.',
      },
    ],
  },
  'svg-to-pdf': {
    title: 'Raster images to vector PDF',
    lead: 'Need a PDF with real vector paths? Convert your JPG or PNG straight to vector PDF.',
    benefits: [
      ['Vector PDF', 'The PDF contains paths, not a pasted image.'],
      ['Exact page size', 'The page matches the artwork’s bounding box.'],
      ['Free plan included', 'PDF output is available on every plan.'],
    ],
    tips: [
      'Already have an SVG? Open it in a browser or vector editor and print or export to PDF; Tracery converts raster images only.',
      'If you only have a PNG or JPG of the artwork, convert it directly to PDF here.',
      'Choose standard quality for print.',
    ],
    faq: [
      {
        question: 'Can I upload an SVG?',
        answer:
          'No. Tracery reads raster images (JPG, PNG, GIF, BMP). An SVG is already a vector and can be exported to PDF by any vector editor.',
      },
      {
        question: 'Is the PDF editable?',
        answer:
          'Yes, in any editor that opens PDF vector artwork, such as Illustrator, Inkscape or Affinity.',
      },
    ],
  },
  'png-to-eps': {
    title: 'PNG to EPS converter',
    lead: 'Convert PNG artwork to EPS for print shops, embroidery software and older design tools.',
    benefits: [
      ['Native EPS', 'Real PostScript paths with a correct bounding box.'],
      ['Transparency respected', 'Transparent PNG areas are left empty.'],
      ['Exact colours', 'Request the number of colours your process uses.'],
    ],
    tips: [
      'EPS output is included from the Basic plan.',
      'Ask your print shop whether they prefer EPS or PDF.',
      'Keep a copy as SVG for later editing.',
    ],
    faq: [
      {
        question: 'Why do print shops ask for EPS?',
        answer:
          'EPS is a long-standing vector exchange format that almost every print and sign program opens.',
      },
      {
        question: 'Can the free plan export EPS?',
        answer: 'The free plan writes SVG and PDF. EPS and DXF start at the Basic plan.',
      },
    ],
  },
  'jpg-to-eps': {
    title: 'JPG to EPS converter',
    lead: 'Turn a JPG logo or drawing into an EPS vector your printer can scale to any size.',
    benefits: [
      ['Compression cleaned', 'JPEG artefacts are removed before tracing.'],
      ['Vector EPS', 'Paths and fills, not an embedded bitmap.'],
      ['Print any size', 'From letterheads to banners from one file.'],
    ],
    tips: [
      'Use the largest JPG you have.',
      'Economy tier merges similar colours, handy for screen printing.',
      'EPS is included from the Basic plan.',
    ],
    faq: [
      {
        question: 'My JPG has a white background. Will it be in the EPS?',
        answer:
          'The background becomes one shape; delete it in your editor if you want a transparent result.',
      },
      {
        question: 'EPS or PDF?',
        answer:
          'Both are print vectors. PDF is more modern; EPS suits older workflows and some embroidery and sign software.',
      },
    ],
  },
  'png-to-dxf': {
    title: 'PNG to DXF for CAD and CNC',
    lead: 'Trace PNG drawings into DXF in real units with a layer per colour, ready for CAD, CNC, laser and plasma cutting.',
    benefits: [
      ['One cut per edge', 'An edge two colours share is cut once, and no page frame is cut.'],
      [
        'Layers per colour',
        'Each colour goes to its own DXF layer, for cut, engrave or score operations.',
      ],
      ['Clean geometry', 'Staircase edges are fitted into straight lines and smooth curves.'],
    ],
    tips: [
      'Use black-and-white artwork for single-operation cuts.',
      'The DXF carries its unit (mm or inches); give a print size to cut at that size.',
      'DXF output is included from the Basic plan.',
    ],
    faq: [
      {
        question: 'Which programs open the DXF?',
        answer:
          'DXF is the common CAD exchange format; AutoCAD, Fusion, LibreCAD, LightBurn and most CAM tools import it.',
      },
      {
        question: 'Are the lines centerlines?',
        answer:
          'Outlines are traced around filled shapes. For engraving single strokes, use thin line art and check the result in the preview.',
      },
    ],
  },
  'free-svg-converter': {
    title: 'Free SVG converter',
    lead: 'Convert images to SVG free: 25 credits every month on the free plan, no card required.',
    benefits: [
      ['25 free credits', 'Every month, on a free account.'],
      ['SVG and PDF', 'Both formats are included on the free plan.'],
      ['Preview for free', 'The in-browser preview costs nothing, even without an account.'],
    ],
    tips: [
      'Economy conversions cost 0.6 credits, so your monthly credits go further.',
      'Free downloads are kept for 24 hours: save them promptly.',
      'Ads are shown on the free plan; paid plans remove them.',
    ],
    faq: [
      {
        question: 'What happens when I run out?',
        answer:
          'Credits are granted again each month, or you can upgrade to a paid plan at any time.',
      },
      {
        question: 'Is there a watermark?',
        answer: 'No. Free conversions are the same vectors as paid ones.',
      },
    ],
  },
};
