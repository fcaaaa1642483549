export type TutorialContent =
  | { type: 'intro'; points: string[] }
  | { type: 'interactive'; target: string; instruction: string }
  | { type: 'features'; features: { title: string; description: string; link: string }[] };

export interface TutorialStep {
  id: 'welcome' | 'upload' | 'settings' | 'convert' | 'download' | 'explore';
  title: string;
  description: string;
  content: TutorialContent;
  actionLabel: string;
  duration: number;
}

export const TUTORIAL_STEPS: TutorialStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Tracery',
    description:
      'Turn raster images into crisp vectors: upload, choose a format, convert and download.',
    content: {
      type: 'intro',
      points: [
        'Your free plan includes 25 credits every month.',
        'Every file gets an instant preview traced in your browser before you spend a credit.',
        'Results download as SVG or PDF on the free plan, plus EPS and DXF on paid plans.',
      ],
    },
    actionLabel: 'Next',
    duration: 3000,
  },
  {
    id: 'upload',
    title: 'Upload an image',
    description: 'Start with a JPG, PNG, GIF or BMP.',
    content: {
      type: 'interactive',
      target: '[data-testid="upload-area"]',
      instruction:
        'Drop one or more images onto the upload area, or click it (or press Enter on it) to choose files.',
    },
    actionLabel: 'Next',
    duration: 5000,
  },
  {
    id: 'settings',
    title: 'Choose format and quality',
    description: 'Pick what you need the vector for.',
    content: {
      type: 'interactive',
      target: '[data-testid="conversion-settings"]',
      instruction:
        'SVG suits the web and cutting machines, PDF and EPS suit print, DXF suits CAD and CNC. Economy costs 40% less.',
    },
    actionLabel: 'Next',
    duration: 4000,
  },
  {
    id: 'convert',
    title: 'Convert',
    description: 'Run the full-quality trace on our servers.',
    content: {
      type: 'interactive',
      target: '[data-testid="convert-button"]',
      instruction:
        'Press the Convert button next to a queued file. The estimated cost is shown in the sidebar first.',
    },
    actionLabel: 'Next',
    duration: 6000,
  },
  {
    id: 'download',
    title: 'Download the result',
    description: 'Your vector is ready in seconds.',
    content: {
      type: 'interactive',
      target: '[data-testid="download-area"]',
      instruction:
        'Results appear in this list with a Download button. The History tab keeps earlier conversions while they are stored.',
    },
    actionLabel: 'Next',
    duration: 3000,
  },
  {
    id: 'explore',
    title: 'Explore more',
    description: 'Tracery does more than one file at a time.',
    content: {
      type: 'features',
      features: [
        {
          title: 'Batch processing',
          description: 'Queue many images and convert them one after another.',
          link: '/batch',
        },
        {
          title: 'Cloud storage',
          description: 'Send results to Google Drive, Dropbox or OneDrive.',
          link: '/cloud-storage',
        },
        {
          title: 'Developer API',
          description: 'Automate conversions from your own code.',
          link: '/developer',
        },
      ],
    },
    actionLabel: 'Get Started',
    duration: 8000,
  },
];
