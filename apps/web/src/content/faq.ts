import type { FaqEntry } from '../features/home/Faq';

export const HOME_FAQ: FaqEntry[] = [
  {
    question: 'Which files can I convert?',
    answer:
      'Tracery reads JPG/JPEG, PNG, GIF and BMP images. It writes SVG and PDF on every plan, and EPS and DXF on the Basic, Pro and Business plans. Transparent areas of a PNG stay transparent in the vector.',
  },
  {
    question: 'How many images can I convert for free?',
    answer:
      'A free account receives 25 credits every month. A standard conversion costs 1 credit and an economy conversion 0.6, so that is 25 standard conversions, or more in economy. Very large files (over 5 MB) cost a little more; the converter shows the exact cost before you convert.',
  },
  {
    question: 'What is the difference between standard and economy?',
    answer:
      'Both run the same tracer. Standard uses the precision configuration: more colours, tighter curve fitting, smaller details kept. Economy uses the fast configuration with fewer colours and coarser fitting, and costs 40% fewer credits. Each result reports a measured quality score for both.',
  },
  {
    question: 'Can I convert many images at once?',
    answer:
      'Yes. Batch processing queues your images and converts them one after another: up to 5 per batch on Free, 20 on Basic, up to 50 on Pro and 100 on Business. Each image counts as one conversion.',
  },
  {
    question: 'How long are my files kept?',
    answer:
      'Converted files can be downloaded for 24 hours on Free, 72 hours on Basic, 7 days on Pro and 30 days on Business. After that they are deleted from our storage.',
  },
  {
    question: 'Will the output work with my cutting machine or CAD software?',
    answer:
      'SVG opens in Cricut Design Space, Silhouette Studio, LightBurn, Inkscape and Illustrator. DXF (closed polylines per colour layer) opens in CAD and CNC software. PDF and EPS keep true vector paths for print shops.',
  },
  {
    question: 'Is there an API?',
    answer:
      'Yes. The same endpoints the web app uses are documented on the developer page; the Business plan includes API access for automated pipelines.',
  },
];
