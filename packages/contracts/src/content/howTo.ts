export interface HowToEntry {
  title: string;
  description: string;
  image: 'upload' | 'settings' | 'convert' | 'download';
}

export const HOW_TO_PAGE = {
  title: 'How to convert an image to a vector',
  lead: 'Four steps from a JPG or PNG to an SVG, PDF, EPS or DXF file.',
};

/** The steps of the How To page (/how-to-convert). */
export const HOW_TO_STEPS: HowToEntry[] = [
  {
    title: 'Add your image',
    description:
      'Open the converter and drop a JPG, PNG, GIF or BMP on the upload area, or click it to choose files. A vector preview is traced in your browser straight away.',
    image: 'upload',
  },
  {
    title: 'Pick format and quality',
    description:
      'Choose SVG, PDF, EPS or DXF and the standard or economy tier. The sidebar shows what the conversion will cost.',
    image: 'settings',
  },
  {
    title: 'Convert',
    description:
      'Sign in and press Convert next to the file. The full-quality trace runs on our servers and usually takes a few seconds.',
    image: 'convert',
  },
  {
    title: 'Download',
    description:
      'Press Download next to the result. Earlier results stay in the History tab for the retention period of your plan.',
    image: 'download',
  },
];

export const HOW_TO_KEYBOARD =
  'Press Tab to reach the upload area and Enter to open the file picker. Tab on to the format and quality selectors (arrow keys change them), then to the Convert button of your file, and Enter to convert. The Download button follows in the results list.';
