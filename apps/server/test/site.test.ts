import { SITE_PAGES } from '@tracery/contracts';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

const get = (url: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url, headers });

describe('what search engines and link previews read', () => {
  it('robots.txt keeps crawlers out of private pages and the API and names the sitemap on PUBLIC_URL', async () => {
    const res = await get('/robots.txt', { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const path of ['/api/', '/account', '/admin', '/payment/'])
      expect(res.body).toContain(`Disallow: ${path}`);
    expect(res.body).toContain('Sitemap: http://tracery.test/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
  });

  it('sitemap.xml lists every public route and blog post as absolute URLs, and nothing private', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      '/convert',
      '/pricing/pro',
      '/png-to-svg',
      '/laser-cutting-vectorization',
      '/blog/why-colour-traces-have-seams',
      '/compare',
      '/about',
    ])
      expect(locs).toContain(`http://tracery.test${path}`);
    expect(locs.length).toBe(SITE_PAGES.length);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.some((l) => /\/(account|admin|payment|api)\b/.test(l))).toBe(false);
    // Every listed page is served by the app.
    for (const loc of locs) {
      const page = await get(new URL(loc).pathname);
      expect(page.statusCode, loc).toBe(200);
    }
  });

  it('a public page comes with its own title, description, canonical URL and Open Graph tags', async () => {
    const res = await get('/png-to-svg', { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    const page = SITE_PAGES.find((p) => p.path === '/png-to-svg')!;
    expect(res.body).toContain('<link rel="canonical" href="http://tracery.test/png-to-svg" />');
    expect(res.body).toContain(`<title>${page.title} | Tracery</title>`);
    expect(res.body).toContain(
      '<meta property="og:url" content="http://tracery.test/png-to-svg" />',
    );
    expect(res.body).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expect(res.body).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
    expect(res.body).not.toContain('evil.example');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('private and unknown pages are marked noindex and get no canonical', async () => {
    for (const path of ['/account', '/payment/success', '/no-such-page']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<meta name="robots" content="noindex" />');
      expect(res.body, path).not.toContain('rel="canonical"');
    }
  });
});
