/** The text of one converter or use-case landing page. */
export interface LandingContent {
  title: string;
  lead: string;
  benefits: [string, string][];
  tips: string[];
  faq: { question: string; answer: string }[];
}
