import { PRIVATE_PATHS, SITE_PAGES, sitePageOf } from '@tracery/contracts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** robots.txt: the public pages are open, private ones and the API are not; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** sitemap.xml: every public page and blog post, as absolute URLs on PUBLIC_URL. */
export function sitemapXml(publicUrl: string): string {
  const urls = SITE_PAGES.map((p) => `  <url><loc>${escapeXml(publicUrl + p.path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The app's HTML for one path, with the head a crawler or link preview reads without running
 * scripts: title, description, canonical URL and Open Graph / Twitter tags for public pages,
 * `noindex` for private ones and for paths the app does not know.
 */
export function pageHtml(indexHtml: string, path: string, publicUrl: string): string {
  const page = sitePageOf(path);
  const tags = page
    ? [
        `<link rel="canonical" href="${escapeXml(publicUrl + page.path)}" />`,
        `<meta property="og:type" content="website" />`,
        `<meta property="og:site_name" content="Tracery" />`,
        `<meta property="og:title" content="${escapeXml(page.title)}" />`,
        `<meta property="og:description" content="${escapeXml(page.description)}" />`,
        `<meta property="og:url" content="${escapeXml(publicUrl + page.path)}" />`,
        `<meta property="og:image" content="${escapeXml(publicUrl)}/icon-512.png" />`,
        `<meta name="twitter:card" content="summary" />`,
      ]
    : [`<meta name="robots" content="noindex" />`];
  let html = indexHtml.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
  if (page) {
    html = html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeXml(page.title)} | Tracery</title>`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeXml(page.description)}" />`,
      );
  }
  return html;
}
