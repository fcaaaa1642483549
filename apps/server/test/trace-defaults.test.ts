import { describe, expect, it } from 'vitest';
import { bearer, register, getJson } from './helpers/api.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

const URL = '/api/account/trace-defaults';
const read = (token: string) => getJson(s.app, URL, token);
const write = (token: string, payload: object) =>
  s.app.inject({ method: 'PUT', url: URL, payload, headers: bearer(token) });

describe('an account’s default conversion options', () => {
  it('start empty, are saved as the options schema reads them, and replaced whole', async () => {
    const { access_token } = await register(s.app);
    expect((await read(access_token)).json()).toEqual({});

    const saved = await write(access_token, {
      mode: 'color',
      colors: '4',
      detail: 0.7,
      stacking: 'cutout',
      print_width: 100,
      units: 'mm',
      speckle: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      mode: 'color',
      colors: 4,
      detail: 0.7,
      stacking: 'cutout',
      print_width: 100,
      units: 'mm',
    };
    expect(saved.json()).toEqual(expected);
    expect((await read(access_token)).json()).toEqual(expected);

    await write(access_token, { palette: '#000000, #ff0000' });
    expect((await read(access_token)).json()).toEqual({ palette: ['#000000', '#ff0000'] });
    await write(access_token, {});
    expect((await read(access_token)).json()).toEqual({});
  });

  it('belong to their account alone, and need one', async () => {
    const a = await register(s.app);
    const b = await register(s.app);
    await write(a.access_token, { colors: 6 });
    expect((await read(b.access_token)).json()).toEqual({});
    await write(b.access_token, { mode: 'bw' });
    expect((await read(a.access_token)).json()).toEqual({ colors: 6 });
    expect((await read(b.access_token)).json()).toEqual({ mode: 'bw' });

    expect((await s.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const anonymous = await s.app.inject({ method: 'PUT', url: URL, payload: { colors: 2 } });
    expect(anonymous.statusCode).toBe(401);
    expect((await read(a.access_token)).json()).toEqual({ colors: 6 });
  });

  it('answers a wrong value with 422 naming its field, and keeps what was saved', async () => {
    const { access_token } = await register(s.app);
    await write(access_token, { colors: 8, detail: 0.2 });
    for (const [body, field] of [
      [{ colors: 1 }, 'colors'],
      [{ colors: 'many' }, 'colors'],
      [{ mode: 'sketch' }, 'mode'],
      [{ detail: 2 }, 'detail'],
      [{ corner_threshold: -5 }, 'corner_threshold'],
      [{ speckle: 20_000 }, 'speckle'],
      [{ palette: '#000000,blue' }, 'palette'],
      [{ stacking: 'both' }, 'stacking'],
      [{ units: 'mm' }, 'units'],
      [{ colors: 4, palette: ['#000000', '#ffffff'] }, 'colors'],
    ] as const) {
      const res = await write(access_token, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().detail).toMatch(new RegExp(`^${field}[.:]`));
    }
    const notAnObject = await s.app.inject({
      method: 'PUT',
      url: URL,
      payload: '[4]',
      headers: { ...bearer(access_token), 'content-type': 'application/json' },
    });
    expect(notAnObject.statusCode).toBe(422);
    expect((await read(access_token)).json()).toEqual({ colors: 8, detail: 0.2 });
  });
});
