import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { robotsTxt, sitemapXml } from './documents.js';

/** /robots.txt and /sitemap.xml, built from the site's page list and PUBLIC_URL. */
export function siteRoutes(ctx: AppContext): FastifyPluginAsync {
  const robots = robotsTxt(ctx.config.publicUrl);
  const sitemap = sitemapXml(ctx.config.publicUrl);
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robots),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap),
    );
  };
}
