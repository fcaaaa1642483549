import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BatchEvent, BatchView } from '@tracery/contracts';
import type { FastifyInstance } from 'fastify';
import { setPlan } from '../src/account/set-plan.js';
import {
  cancelBatch,
  claimItem,
  findBatch,
  findItem,
  listItems,
  retryItem,
} from '../src/batches/repository.js';
import { inputKeyOf } from '../src/batches/service.js';
import { balanceUnits, ledgerSum } from '../src/credits/ledger.js';
import { sweep } from '../src/jobs/sweeper.js';
import type { Db } from '../src/db/connect.js';
import { bearer, register, upload, getJson, callAs, startBatch } from './helpers/api.js';
import { svgDifference, undecodablePng } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';
import { readZip, writeZip, type ZipInput } from './helpers/zip.js';
import { countWhere } from './helpers/rows.js';
import { setBalanceUnits } from './helpers/credits.js';

const PALETTE = ['#d62828', '#1d4ed8', '#15803d', '#f59e0b', '#7c3aed', '#0f766e'];

/** A distinct flat drawing per index: disc and bar move and change colour. */
async function variant(i: number, size = 96): Promise<Buffer> {
  const cx = 20 + ((i * 7) % 40);
  const bar = 50 + ((i * 5) % 30);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 96 96">
    <rect width="96" height="96" fill="#ffffff"/>
    <circle cx="${cx}" cy="${30 + (i % 4) * 10}" r="${12 + (i % 3) * 4}" fill="${PALETTE[i % PALETTE.length]}"/>
    <rect x="${bar}" y="${10 + (i % 5) * 4}" width="14" height="60" fill="${PALETTE[(i + 3) % PALETTE.length]}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** `count` distinct drawings named prefix0.png, prefix1.png, … */
const variants = (count: number, prefix: string, size?: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}${i}.png`,
      bytes: await variant(i, size),
    })),
  );

/** A PNG whose header declares far more pixels than the server accepts. */
function hugePngHeader(): Buffer {
  const b = Buffer.alloc(33);
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(100_000, 16);
  b.writeUInt32BE(100_000, 20);
  return b;
}

async function signUp(app: FastifyInstance, db: Db, plan = 'basic') {
  const account = await register(app);
  if (plan !== 'free') await setPlan(db, account.user.email, plan);
  return account;
}

async function getBatch(app: FastifyInstance, token: string, id: string): Promise<BatchView> {
  const res = await getJson(app, `/api/batch/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BatchView;
}

/** Polls the batch until `done` holds (a deadline only guards against a hang). */
async function waitForBatch(
  s: { app: FastifyInstance },
  token: string,
  id: string,
  done: (b: BatchView) => boolean = (b) => b.status !== 'running' && b.totals.processing === 0,
  pollMs = 50,
): Promise<BatchView> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const batch = await getBatch(s.app, token, id);
    if (done(batch)) return batch;
    if (Date.now() > deadline)
      throw new Error(`batch never got there: ${JSON.stringify(batch.totals)}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

function parseEvents(body: string): { id: number; event: string; data: BatchEvent }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const line = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2) ?? '';
      return { id: Number(line('id')), event: line('event'), data: JSON.parse(line('data')) };
    });
}

async function batchLedger(db: Db, userId: string) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['idempotency_key', 'delta_units'])
    .where('user_id', '=', userId)
    .where('idempotency_key', 'like', 'batch-item:%')
    .execute();
  return {
    charges: rows.filter((r) => r.idempotency_key.endsWith(':charge')),
    refunds: rows.filter((r) => r.idempotency_key.endsWith(':refund')),
  };
}

const s = useTestServer();

// Each test traces up to 20 images on a machine that may be busy: a generous limit, never asserted on.
describe('batches', { timeout: 180_000 }, () => {
  it('runs a 20-file batch with 2 bad files: 18 results, 2 item errors, 18 charges, a ZIP of 18 look-alikes', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const before = await balanceUnits(s.ctx.db, user.id);
    const inputs = new Map<string, Buffer>();
    const files: { name: string; bytes: Uint8Array }[] = [];
    for (let i = 0; i < 20; i++) {
      if (i === 4) files.push({ name: 'notes.png', bytes: Buffer.from('not an image at all') });
      else if (i === 11) files.push({ name: 'huge.png', bytes: hugePngHeader() });
      else {
        const bytes = await variant(i);
        inputs.set(`img-${i}.svg`, bytes);
        files.push({ name: `img-${i}.png`, bytes });
      }
    }
    const res = await startBatch(s.app, access_token, files);
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json();
    expect(created.items).toHaveLength(20);
    expect(created.credits_reserved).toBe(18);
    expect(created.items[4]).toMatchObject({ status: 'failed', error_code: 'IMAGE_UNSUPPORTED' });
    expect(created.items[11]).toMatchObject({ status: 'failed', error_code: 'IMAGE_TOO_LARGE' });

    const done = await waitForBatch(s, access_token, created.batch_id);
    expect(done.status).toBe('completed');
    expect(done.totals).toMatchObject({ total: 20, completed: 18, failed: 2, queued: 0 });
    expect(done.credits_charged).toBe(18);
    expect(before - (await balanceUnits(s.ctx.db, user.id))).toBe(18 * 100);
    const ledger = await batchLedger(s.ctx.db, user.id);
    expect(ledger.charges).toHaveLength(18);
    expect(ledger.refunds).toHaveLength(0);
    expect(await ledgerSum(s.ctx.db, user.id)).toBe(await balanceUnits(s.ctx.db, user.id));

    const zipRes = await getJson(s.app, done.zip_url, access_token);
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    const entries = readZip(zipRes.rawPayload);
    expect([...entries.keys()].sort()).toEqual([...inputs.keys()].sort());
    for (const [name, svg] of entries) {
      const text = svg.toString('utf8');
      expect(text).toMatch(/^(<\?xml[^>]*>\s*)?<svg/);
      const own = await svgDifference(text, inputs.get(name)!);
      expect(own, name).toBeLessThan(12);
      // It resembles its own input more than its neighbours' (the ZIP does not mix them up).
      const n = Number(/\d+/.exec(name)![0]);
      for (const m of [n - 1, n + 1, n + 2]) {
        const other = inputs.get(`img-${m}.svg`);
        if (other) expect(own, name).toBeLessThan(await svgDifference(text, other));
      }
    }

    const item = done.items.find((i) => i.status === 'completed')!;
    const one = await getJson(s.app, item.result_url!, access_token);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toMatch(/attachment; filename="img-\d+\.svg"/);
  });

  it('streams progress as SSE; a reconnect with Last-Event-ID gets every later event and nothing else', async () => {
    const { access_token } = await signUp(s.app, s.ctx.db);
    const files = await variants(6, 'e');
    const created = (await startBatch(s.app, access_token, files)).json();
    // Connected while the batch runs: the stream ends once it has settled.
    const live = await getJson(s.app, `/api/batch/${created.batch_id}/events`, access_token);
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toContain('text/event-stream');
    const all = parseEvents(live.body);
    expect(all.map((e) => e.id)).toEqual(all.map((_, n) => n + 1));
    const last = all[all.length - 1];
    expect(last).toMatchObject({ event: 'batch', data: { status: 'completed' } });
    expect(last.data.totals).toMatchObject({ completed: 6, queued: 0, processing: 0 });
    for (const f of created.items)
      expect(all.some((e) => e.data.item?.id === f.id && e.data.item?.status === 'completed')).toBe(
        true,
      );

    for (const from of [1, Math.floor(all.length / 2), all.length - 1]) {
      const again = await s.app.inject({
        method: 'GET',
        url: `/api/batch/${created.batch_id}/events`,
        headers: { ...bearer(access_token), 'last-event-id': String(from) },
      });
      expect(parseEvents(again.body)).toEqual(all.slice(from));
    }
    const byQuery = await getJson(
      s.app,
      `/api/batch/${created.batch_id}/events?last_event_id=3`,
      access_token,
    );
    expect(parseEvents(byQuery.body)).toEqual(all.slice(3));
  });

  it('keeps other accounts out of a batch: 404 for its view, events, ZIP, items and cancel', async () => {
    const owner = await signUp(s.app, s.ctx.db);
    const other = await signUp(s.app, s.ctx.db);
    const created = (
      await startBatch(s.app, owner.access_token, [{ name: 'a.png', bytes: await variant(1) }])
    ).json();
    const done = await waitForBatch(s, owner.access_token, created.batch_id);
    const urls = [
      ['GET', `/api/batch/${created.batch_id}`],
      ['GET', `/api/batch/${created.batch_id}/events`],
      ['GET', `/api/batch/${created.batch_id}/zip`],
      ['GET', done.items[0].result_url!],
      ['POST', `/api/batch/${created.batch_id}/cancel`],
    ] as const;
    for (const [method, url] of urls) {
      const res = await s.app.inject({ method, url, headers: bearer(other.access_token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const anonymous = await s.app.inject({ method: 'GET', url: `/api/batch/${created.batch_id}` });
    expect(anonymous.statusCode).toBe(401);
    const list = await getJson(s.app, '/api/batch', other.access_token);
    expect(list.json().batches).toEqual([]);
  });

  it('refuses a batch it cannot pay for, over the plan size or in a format outside the plan, charging nothing', async () => {
    const free = await signUp(s.app, s.ctx.db, 'free');
    const before = await balanceUnits(s.ctx.db, free.user.id);
    const six = await variants(6, 'f');
    const tooMany = await startBatch(s.app, free.access_token, six);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toContain('up to 5 images');
    const eps = await startBatch(s.app, free.access_token, six.slice(0, 2), {
      output_format: 'eps',
      quality_tier: 'standard',
    });
    expect(eps.statusCode).toBe(403);
    expect(eps.json().code).toBe('FORMAT_NOT_IN_PLAN');
    // Spend all but 2 credits, then ask for 3.
    await setBalanceUnits(s.ctx.db, free.user.id, 200);
    const poor = await startBatch(s.app, free.access_token, six.slice(0, 3));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().code).toBe('NOT_ENOUGH_CREDITS');
    expect(await balanceUnits(s.ctx.db, free.user.id)).toBe(200);
    expect(before).toBeGreaterThan(200);
    expect(await countWhere(s.ctx.db, 'batches', 'user_id', free.user.id)).toBe(0);
    expect((await batchLedger(s.ctx.db, free.user.id)).charges).toHaveLength(0);
  });

  it("runs another account's single conversion and small batch between a big batch's items", async () => {
    const big = await signUp(s.app, s.ctx.db);
    const small = await signUp(s.app, s.ctx.db);
    const files = await variants(12, 'b', 192);
    const bigBatch = (await startBatch(s.app, big.access_token, files)).json();
    const smallBatch = (await startBatch(s.app, small.access_token, files.slice(0, 3))).json();
    const single = await upload(s.app, small.access_token, {
      name: 'one.png',
      bytes: await variant(3, 192),
    });
    expect(single.statusCode, single.body).toBe(200);
    const afterSingle = await getBatch(s.app, big.access_token, bigBatch.batch_id);
    // FIFO over the whole batch would have run all 20 first.
    expect(afterSingle.totals.completed).toBeLessThan(12);
    const smallDone = await waitForBatch(s, small.access_token, smallBatch.batch_id);
    expect(smallDone.totals.completed).toBe(3);
    const bigAtThatTime = await getBatch(s.app, big.access_token, bigBatch.batch_id);
    expect(bigAtThatTime.totals.completed).toBeLessThan(12);
    await waitForBatch(s, big.access_token, bigBatch.batch_id);
  });

  it('cancel half-way refunds exactly the items that had not started', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const before = await balanceUnits(s.ctx.db, user.id);
    const files = await variants(20, 'c', 256);
    const created = (await startBatch(s.app, access_token, files)).json();
    await waitForBatch(s, access_token, created.batch_id, (b) => b.totals.completed >= 3, 10);
    const cancelled = await callAs(
      s.app,
      'POST',
      `/api/batch/${created.batch_id}/cancel`,
      access_token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const done = await waitForBatch(s, access_token, created.batch_id);
    const { completed, cancelled: stopped, failed } = done.totals;
    expect(stopped).toBeGreaterThan(0);
    expect(completed + stopped + failed).toBe(20);
    expect(failed).toBe(0);
    expect(before - (await balanceUnits(s.ctx.db, user.id))).toBe(completed * 100);
    expect(done.credits_charged).toBe(completed);
    const ledger = await batchLedger(s.ctx.db, user.id);
    expect(ledger.charges).toHaveLength(20);
    expect(ledger.refunds).toHaveLength(stopped);
    const stored = await Promise.all(
      done.items.map((item) => s.ctx.files.get(inputKeyOf(created.batch_id, item.id))),
    );
    expect(stored.filter(Boolean)).toHaveLength(0);
    const again = await callAs(
      s.app,
      'POST',
      `/api/batch/${created.batch_id}/cancel`,
      access_token,
    );
    expect(again.statusCode).toBe(409);
    expect((await batchLedger(s.ctx.db, user.id)).refunds).toHaveLength(stopped);
  });

  // The last item's upload was deleted after its completion committed, so a client that saw the
  // batch finished could still find it in storage (seen once in CI under load).
  it('a batch that reads finished has no upload of a completed item left, even with slow storage', async () => {
    const { access_token } = await signUp(s.app, s.ctx.db);
    const files = await variants(3, 'd');
    const store = s.ctx.files;
    const remove = store.delete.bind(store);
    store.delete = async (key) => {
      await new Promise((r) => setTimeout(r, 300));
      await remove(key);
    };
    try {
      const created = (await startBatch(s.app, access_token, files)).json();
      const done = await waitForBatch(s, access_token, created.batch_id, undefined, 10);
      expect(done.totals.completed).toBe(3);
      const stored = await Promise.all(
        done.items.map((item) => store.get(inputKeyOf(created.batch_id, item.id))),
      );
      expect(stored.filter(Boolean)).toHaveLength(0);
    } finally {
      store.delete = remove;
    }
  });

  it('a store that fails to delete an upload does not undo a finished item', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const before = await balanceUnits(s.ctx.db, user.id);
    const store = s.ctx.files;
    const remove = store.delete.bind(store);
    // Only uploads: with the queue (Redis), trace outputs go through the store too.
    store.delete = (key) =>
      key.endsWith('.in') ? Promise.reject(new Error('storage is down')) : remove(key);
    try {
      const files = [{ name: 'f.png', bytes: await variant(7) }];
      const created = (await startBatch(s.app, access_token, files)).json();
      const done = await waitForBatch(s, access_token, created.batch_id);
      expect(done.totals).toMatchObject({ completed: 1, failed: 0 });
      expect(before - (await balanceUnits(s.ctx.db, user.id))).toBe(100);
    } finally {
      store.delete = remove;
    }
  });

  // On PostgreSQL a worker took an item, then the batch (its event counter); a cancel took the
  // batch, then its queued items: a deadlock, and the cancel answered 500.
  it('a cancel and workers claiming its items at the same moment both go through', async () => {
    const { access_token } = await signUp(s.app, s.ctx.db);
    const files = await variants(12, 'r');
    const created = (await startBatch(s.app, access_token, files)).json();
    const items = await listItems(s.ctx.db, created.batch_id);
    const until = new Date(Date.now() + 60_000).toISOString();
    const [cancelled, ...claims] = await Promise.all([
      cancelBatch(s.ctx.db, created.batch_id),
      ...items.map((item) => claimItem(s.ctx.db, item, `race-${item.id}`, until)),
    ]);
    expect(cancelled).toBeDefined();
    // Every item was either cancelled or claimed (by this test or the server's runner), never both.
    const after = await listItems(s.ctx.db, created.batch_id);
    const cancelledIds = new Set(cancelled!.map((item) => item.id));
    for (const item of after) {
      if (cancelledIds.has(item.id)) expect(item.status).toBe('cancelled');
      else expect(item.status).not.toBe('cancelled');
    }
    expect(claims.filter(Boolean).every((c) => !cancelledIds.has(c!.id))).toBe(true);
  });

  it('deletes the result files once the batch is past its retention; downloads answer 410', async () => {
    const { access_token } = await signUp(s.app, s.ctx.db);
    const files = await variants(3, 'k');
    const created = (await startBatch(s.app, access_token, files)).json();
    const done = await waitForBatch(s, access_token, created.batch_id);
    expect(done.totals.completed).toBe(3);
    const row = await s.ctx.db
      .selectFrom('batches')
      .select('expires_at')
      .where('id', '=', created.batch_id)
      .executeTakeFirstOrThrow();
    const keys = await s.ctx.db
      .selectFrom('batch_items')
      .select('storage_key')
      .where('batch_id', '=', created.batch_id)
      .execute();
    const stored = () => Promise.all(keys.map((k) => s.ctx.files.get(k.storage_key!)));
    expect((await stored()).every(Boolean)).toBe(true);

    await sweep(s.ctx, Date.parse(row.expires_at) - 1000);
    expect((await stored()).every(Boolean)).toBe(true);
    const later = Date.parse(row.expires_at) + 1000;
    // Other batches (earlier tests', and in scale-out other files' still finishing) may go too.
    const [a, b] = await Promise.all([sweep(s.ctx, later), sweep(s.ctx, later)]);
    expect(a.batchFiles + b.batchFiles).toBeGreaterThanOrEqual(3);
    expect((await stored()).filter(Boolean)).toHaveLength(0);
    const forgotten = await s.ctx.db
      .selectFrom('batch_items')
      .select('storage_key')
      .where('batch_id', '=', created.batch_id)
      .execute();
    expect(forgotten.every((row) => row.storage_key === null)).toBe(true);
  });

  it('a server restarted mid-batch finishes it after start-up, charging nothing twice', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const before = await balanceUnits(s.ctx.db, user.id);
    const files = await variants(20, 'r', 192);
    const created = (await startBatch(s.app, access_token, files)).json();
    const midway = await waitForBatch(
      s,
      access_token,
      created.batch_id,
      (b) => b.totals.completed >= 2,
      10,
    );
    expect(midway.totals.queued).toBeGreaterThan(0);
    await s.restart();
    const done = await waitForBatch(s, access_token, created.batch_id);
    expect(done.status).toBe('completed');
    expect(done.totals).toMatchObject({ completed: 20, failed: 0 });
    expect(before - (await balanceUnits(s.ctx.db, user.id))).toBe(20 * 100);
    const ledger = await batchLedger(s.ctx.db, user.id);
    expect(ledger.charges).toHaveLength(20);
    expect(ledger.refunds).toHaveLength(0);
    const zip = await getJson(s.app, done.zip_url, access_token);
    expect(readZip(zip.rawPayload).size).toBe(20);
    const events = parseEvents(
      (await getJson(s.app, `/api/batch/${created.batch_id}/events`, access_token)).body,
    );
    expect(events.map((e) => e.id)).toEqual(events.map((_, n) => n + 1));
    expect(events[events.length - 1].data.status).toBe('completed');
  });
});

describe('a batch sent as one ZIP', { timeout: 180_000 }, () => {
  const zipPart = (entries: ZipInput[], name = 'images.zip') => ({
    name,
    bytes: writeZip(entries),
    type: 'application/zip',
  });

  it('expands the images; names are labels; skips folders and dotfiles; refuses bad entries one by one', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const before = await balanceUnits(s.ctx.db, user.id);
    const images = await Promise.all([0, 1, 2, 3].map((i) => variant(i, 64)));
    const zeros = Buffer.alloc(64 * 1048576);
    const res = await startBatch(s.app, access_token, [
      zipPart([
        { name: 'logos/', data: Buffer.alloc(0), store: true },
        { name: 'logos/a.png', data: images[0]! },
        { name: '../../evil.png', data: images[1]! },
        { name: '/etc/abs.png', data: images[2]!, store: true },
        { name: 'other\\a.png', data: images[3]! },
        { name: '__MACOSX/logos/._a.png', data: Buffer.from('resource fork') },
        { name: '.DS_Store', data: Buffer.from('finder') },
        { name: 'logos/.hidden.png', data: images[0]! },
        { name: 'notes.txt', data: Buffer.from('not an image at all') },
        { name: 'inner.zip', data: writeZip([{ name: 'x.png', data: images[0]! }]) },
        // 64 MiB of zeros: the header says so, so it is refused without inflating it...
        { name: 'bomb.png', data: zeros },
        // ...and here the header lies: inflating stops past the size it claims.
        { name: 'liar.png', data: zeros, declaredSize: 1000 },
      ]),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json();
    expect(
      created.items.map((i: BatchView['items'][number]) => [
        i.original_filename,
        i.status,
        i.error_code ?? null,
      ]),
    ).toEqual([
      ['a.png', 'queued', null],
      ['evil.png', 'queued', null],
      ['abs.png', 'queued', null],
      ['a.png', 'queued', null],
      ['notes.txt', 'failed', 'IMAGE_UNSUPPORTED'],
      ['inner.zip', 'failed', 'IMAGE_UNSUPPORTED'],
      ['bomb.png', 'failed', 'FILE_TOO_LARGE'],
      ['liar.png', 'failed', 'IMAGE_INVALID'],
    ]);
    expect(created.items[5].error).toBe('A ZIP inside the ZIP is not expanded');
    expect(created.credits_reserved).toBe(4);

    const done = await waitForBatch(s, access_token, created.batch_id);
    expect(done.totals).toMatchObject({ total: 8, completed: 4, failed: 4 });
    expect(done.credits_charged).toBe(4);
    expect(before - (await balanceUnits(s.ctx.db, user.id))).toBe(4 * 100);
    expect((await batchLedger(s.ctx.db, user.id)).charges).toHaveLength(4);
    const zipRes = await getJson(s.app, done.zip_url, access_token);
    const results = readZip(zipRes.rawPayload);
    const expected = { 'a.svg': 0, 'evil.svg': 1, 'abs.svg': 2, 'a (2).svg': 3 };
    expect([...results.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [name, i] of Object.entries(expected)) {
      const svg = results.get(name)!.toString('utf8');
      expect(await svgDifference(svg, images[i]!), name).toBeLessThan(12);
    }
  });

  it('refuses more images than the plan batch size (skipped entries do not count), charging nothing', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db, 'free');
    const before = await balanceUnits(s.ctx.db, user.id);
    const png = await variant(1, 32);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, data: png }));
    const res = await startBatch(s.app, access_token, [zipPart(six)]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      detail: 'file: the Free plan converts up to 5 images per batch (6 sent)',
    });
    expect(await balanceUnits(s.ctx.db, user.id)).toBe(before);
    expect(await countWhere(s.ctx.db, 'batches', 'user_id', user.id)).toBe(0);

    const five = [
      ...six.slice(1),
      { name: '__MACOSX/._p1.png', data: png },
      { name: 'folder/', data: Buffer.alloc(0), store: true },
    ];
    const ok = await startBatch(s.app, access_token, [zipPart(five)]);
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().items).toHaveLength(5);
    await waitForBatch(s, access_token, ok.json().batch_id);
  });

  it('refuses a damaged ZIP, an empty one, and a ZIP mixed with other files', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const before = await balanceUnits(s.ctx.db, user.id);
    const png = await variant(2, 32);
    const good = zipPart([{ name: 'a.png', data: png }]);
    const cases: [{ name: string; bytes: Uint8Array }[], string][] = [
      [
        [{ name: 'broken.zip', bytes: good.bytes.subarray(0, good.bytes.length - 30) }],
        'file: the ZIP archive could not be read',
      ],
      [[zipPart([])], 'file: send at least one image'],
      [
        [{ name: 'a.png', bytes: png }, good],
        'file: send either images or one ZIP of images, not both',
      ],
      [[good, good], 'file: send either images or one ZIP of images, not both'],
    ];
    for (const [files, detail] of cases) {
      const res = await startBatch(s.app, access_token, files);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', detail });
    }
    expect(await balanceUnits(s.ctx.db, user.id)).toBe(before);
  });
});

describe('retrying a failed item', { timeout: 180_000 }, () => {
  const retryOf = (token: string, batchId: string, itemId: string) =>
    callAs(s.app, 'POST', `/api/batch/${batchId}/items/${itemId}/retry`, token);

  it('queues it again and charges it once, even for two retries at the same moment; refunds it again when it fails', async () => {
    const { access_token, user } = await signUp(s.app, s.ctx.db);
    const created = (
      await startBatch(s.app, access_token, [
        { name: 'good.png', bytes: await variant(3, 48) },
        { name: 'broken.png', bytes: undecodablePng() },
        { name: 'notes.png', bytes: Buffer.from('not an image at all') },
      ])
    ).json();
    const [good, broken, refused] = created.items as BatchView['items'];
    expect(refused).toMatchObject({ status: 'failed', error_code: 'IMAGE_UNSUPPORTED' });
    const first = await waitForBatch(s, access_token, created.batch_id);
    expect(first.items.map((i) => i.status)).toEqual(['completed', 'failed', 'failed']);
    expect(first.items[1]!.retry_url).toBe(
      `/api/batch/${created.batch_id}/items/${broken!.id}/retry`,
    );
    expect(first.items[0]!.retry_url).toBeUndefined();
    expect(first.items[2]!.retry_url).toBeUndefined();
    const balance = await balanceUnits(s.ctx.db, user.id);

    const both = await Promise.all([
      retryOf(access_token, created.batch_id, broken!.id),
      retryOf(access_token, created.batch_id, broken!.id),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json() as BatchView;
    expect(winner.status).toBe('running');
    expect(winner.items[1]).toMatchObject({ status: 'queued' });
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('CONFLICT');

    const again = await waitForBatch(s, access_token, created.batch_id);
    expect(again.status).toBe('completed');
    expect(again.items[1]).toMatchObject({ status: 'failed', error_code: 'IMAGE_INVALID' });
    const keys = (
      await s.ctx.db
        .selectFrom('credit_ledger')
        .select('idempotency_key')
        .where('idempotency_key', 'like', `batch-item:${broken!.id}:%`)
        .execute()
    )
      .map((r) => r.idempotency_key.split(':').slice(2).join(':'))
      .sort();
    expect(keys).toEqual(['charge', 'charge:1', 'refund', 'refund:1']);
    expect(await balanceUnits(s.ctx.db, user.id)).toBe(balance);
    expect(again.credits_charged).toBe(1);
    expect(await ledgerSum(s.ctx.db, user.id)).toBe(balance);

    // The events show it running again after the batch had settled.
    const events = parseEvents(
      (
        await getJson(
          s.app,
          `/api/batch/${created.batch_id}/events?last_event_id=${first.last_event_id}`,
          access_token,
        )
      ).body,
    );
    expect(
      events.filter((e) => e.data.item?.id === broken!.id).map((e) => e.data.item!.status),
    ).toEqual(['queued', 'processing', 'failed']);
    expect(events.at(-1)!.event).toBe('batch');

    // Only failed items that ran; never someone else's.
    expect((await retryOf(access_token, created.batch_id, good!.id)).statusCode).toBe(409);
    expect((await retryOf(access_token, created.batch_id, refused!.id)).statusCode).toBe(409);
    const other = await signUp(s.app, s.ctx.db);
    const foreign = await retryOf(other.access_token, created.batch_id, broken!.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', detail: 'Batch not found' });
    const own = (
      await startBatch(s.app, other.access_token, [{ name: 'x.png', bytes: await variant(4, 32) }])
    ).json();
    const mixed = await retryOf(other.access_token, own.batch_id, broken!.id);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().code).toBe('NOT_FOUND');
    expect(await balanceUnits(s.ctx.db, user.id)).toBe(balance);
    await waitForBatch(s, other.access_token, own.batch_id);

    // Two retries that both read the item while it was failed: the conditional update lets one win.
    const stale = (await findItem(s.ctx.db, broken!.id))!;
    const outcomes = await Promise.all([retryItem(s.ctx.db, stale), retryItem(s.ctx.db, stale)]);
    expect(outcomes.sort()).toEqual(['applied', 'gone']);
    await waitForBatch(s, access_token, created.batch_id);
    const charges = await s.ctx.db
      .selectFrom('credit_ledger')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `batch-item:${broken!.id}:charge%`)
      .execute();
    expect(charges).toHaveLength(3);
    expect(await balanceUnits(s.ctx.db, user.id)).toBe(balance);

    // The upload kept for a retry goes with the batch's retention.
    const kept = (await findItem(s.ctx.db, broken!.id))!;
    expect(await s.ctx.files.get(kept.input_key!)).toBeTruthy();
    const batchRow = (await findBatch(s.ctx.db, created.batch_id))!;
    await sweep(s.ctx, Date.parse(batchRow.expires_at) + 1000);
    expect(await s.ctx.files.get(kept.input_key!)).toBeNull();
    expect((await findItem(s.ctx.db, broken!.id))!.input_key).toBeNull();
  });
});
