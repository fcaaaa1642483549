export interface Comparison {
  slug: string;
  title: string;
  lead: string;
  them: string;
  rows: [string, string, string][];
  verdict: string;
}

/** Comparisons by category of tool; each row is [aspect, Tracery, the other kind of tool]. */
export const COMPARISONS: Comparison[] = [
  {
    slug: 'desktop-image-trace',
    title: 'Tracery vs the Image Trace feature of desktop design suites',
    lead: 'Design suites include an auto-trace command. Here is when a dedicated online tracer is the better fit.',
    them: 'Desktop image trace',
    rows: [
      [
        'Installation',
        'None; runs in the browser',
        'Requires the design suite and its subscription',
      ],
      ['Settings', 'Mode chosen automatically per image', 'Presets and many sliders to tune'],
      ['Seams between colours', 'Shared edges: none', 'Gaps or overlaps common in colour traces'],
      ['Batch conversion', 'Built in, up to 100 images per batch', 'Needs scripting or actions'],
      ['Output formats', 'SVG, PDF, EPS, DXF', 'Native format, export to others'],
    ],
    verdict:
      'If you already live in a design suite and trace occasionally, its built-in command is convenient. For many files, cutting machines or seam-free colour output, Tracery is quicker.',
  },
  {
    slug: 'ai-vector-generator',
    title: 'Tracery vs AI vector generators',
    lead: 'Generators draw new artwork from a prompt; Tracery converts the artwork you already have.',
    them: 'AI vector generator',
    rows: [
      ['Input', 'Your own image', 'A text prompt'],
      [
        'Faithfulness',
        'Follows the original’s shapes and colours',
        'Creates new, different artwork',
      ],
      [
        'Logos and brand marks',
        'Recreates the existing mark',
        'Cannot reproduce a specific existing logo',
      ],
      ['Predictability', 'Same input, same output', 'Different on every run'],
    ],
    verdict:
      'Use a generator to invent something new. Use Tracery when the artwork exists and needs to become a vector.',
  },
  {
    slug: 'online-vectorizer',
    title: 'Tracery vs other online vectorizers',
    lead: 'Several sites convert images to vectors online. These are the points worth comparing.',
    them: 'Typical online vectorizer',
    rows: [
      [
        'Preview before paying',
        'Instant preview traced in your browser',
        'Often only after upload or purchase',
      ],
      [
        'Pricing',
        'Credits: 1 per conversion, 0.6 in economy, 25 free a month',
        'Per-image fees or subscription',
      ],
      ['DXF for CAD/CNC', 'Included from Basic', 'Varies'],
      ['API', 'Same API as the web app; Business plan', 'Varies, often a separate product'],
      ['File retention', '24 hours to 30 days by plan, then deleted', 'Varies'],
    ],
    verdict:
      'Try the same image in each tool: compare edges, corners and colour seams at high zoom, and the size of the files.',
  },
  {
    slug: 'open-source-tracers',
    title: 'Tracery vs open-source tracers',
    lead: 'Command-line tracers are free and capable. Tracery builds on the same ideas and adds colour, formats and a service around them.',
    them: 'Open-source command-line tracer',
    rows: [
      [
        'Colour',
        'Full colour with shared edges',
        'Often black and white only, or colour with seams',
      ],
      ['Interface', 'Browser, batch and API', 'Command line'],
      ['Output', 'SVG, PDF, EPS, DXF', 'Usually SVG, sometimes PDF/EPS'],
      ['Cost', 'Free plan, paid plans for volume', 'Free'],
    ],
    verdict:
      'For scripted black-and-white tracing on your own machine, open-source tools are excellent. For colour work, a browser workflow and more formats, use Tracery.',
  },
];
