import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { useTestServer } from './helpers/server.js';

const AD_HOST = 'https://*.googlesyndication.com';

describe('ad network configuration', () => {
  describe('unset: house ads only', () => {
    const s = useTestServer();

    it('answers no network and keeps the ad hosts out of the CSP', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/system/ads' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ client_id: null, slots: {} });
      expect(res.headers['content-security-policy']).not.toContain(AD_HOST);
    });
  });

  describe('ADS_CLIENT_ID and slot ids set', () => {
    const s = useTestServer({
      ADS_CLIENT_ID: 'ca-pub-1234567890123456',
      ADS_SLOT_HEADER: '1111111111',
      ADS_SLOT_CONTENT: '2222222222',
    });

    it('gives the web app the client and the slots it has', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/api/system/ads' });
      expect(res.json()).toEqual({
        client_id: 'ca-pub-1234567890123456',
        slots: { header: '1111111111', content: '2222222222' },
      });
    });

    it('lets the network load its script, frames and images under the CSP, nothing more', async () => {
      const res = await s.app.inject({ method: 'GET', url: '/' });
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
      for (const name of ['script-src', 'frame-src', 'img-src', 'connect-src'])
        expect(directive(name), name).toContain(AD_HOST);
      expect(directive('form-action')).not.toContain(AD_HOST);
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    });
  });

  it('refuses a client or slot id that is not AdSense-shaped, naming the variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tracery-ads-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, ADS_CLIENT_ID: 'evil" onload="x' })).toThrow(
      /ADS_CLIENT_ID/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ADS_CLIENT_ID: 'ca-pub-123456', ADS_SLOT_FOOTER: 'x/y' }),
    ).toThrow(/ADS_SLOT_FOOTER/);
  });
});
