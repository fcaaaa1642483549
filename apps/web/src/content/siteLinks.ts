import links from './siteLinks.json';

export interface SiteLink {
  to: string;
  label: string;
}

/** The Converters menu of the header (§2.1). */
export const CONVERTER_MENU: SiteLink[] = links.converters;

/** The footer's columns of links; the first repeats the Converters menu. */
export const FOOTER_COLUMNS: { title: string; links: SiteLink[] }[] = [
  { title: 'Converters', links: CONVERTER_MENU },
  ...links.footer,
];
