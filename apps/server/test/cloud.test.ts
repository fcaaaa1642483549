import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, CloudConnections, CloudProvider, CloudSave } from '@tracery/contracts';
import { setPlan } from '../src/account/set-plan.js';
import { nextAttemptDelay } from '../src/cloud/saver.js';
import { openToken, sealToken } from '../src/cloud/token-crypto.js';
import { register, upload, getJson, callAs, postJson, startBatch } from './helpers/api.js';
import { startFakeDropbox } from './helpers/fake-dropbox.js';
import { startFakeGoogleDrive } from './helpers/fake-google-drive.js';
import { startFakeOneDrive } from './helpers/fake-onedrive.js';
import type { FakeOAuth, Throttle } from './helpers/fake-oauth.js';
import { startTestServer, useTestServer } from './helpers/server.js';
import { readZip } from './helpers/zip.js';
import { startedForTests } from './helpers/started-for-tests.js';
import { countWhere } from './helpers/rows.js';

const SIMPLE_MAX = 3000;
const CHUNK = 1024;

const google = startedForTests(startFakeGoogleDrive, (fake) => fake.close());
const dropbox = startedForTests(startFakeDropbox, (fake) => fake.close());
const onedrive = startedForTests(startFakeOneDrive, (fake) => fake.close());
const s = useTestServer(() => ({
  ...google.env,
  ...dropbox.env,
  ...onedrive.env,
  CLOUD_SIMPLE_UPLOAD_MAX_BYTES: String(SIMPLE_MAX),
  CLOUD_UPLOAD_CHUNK_BYTES: String(CHUNK),
  // The tests poll saves from one address for minutes; rate-limit.test.ts tests the limit.
  RATE_LIMIT_PER_MINUTE: '100000',
}));

const PALETTE = ['#d62828', '#1d4ed8', '#15803d', '#f59e0b', '#7c3aed', '#0f766e'];

/** A flat drawing; `shapes` discs make the SVG as large as a test needs. */
async function drawing(i: number, shapes = 2): Promise<Buffer> {
  const discs = Array.from({ length: shapes }, (_, n) => {
    const x = 8 + ((n * 37 + i * 7) % 112);
    const y = 8 + ((n * 53 + i * 11) % 112);
    return `<circle cx="${x}" cy="${y}" r="${5 + (n % 4)}" fill="${PALETTE[(n + i) % PALETTE.length]}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" fill="#fff"/>${discs}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function paidUser(email?: string) {
  const account = await register(s.app, email ? { email } : {});
  await setPlan(s.ctx.db, account.user.email, 'basic');
  return account;
}

const FAKES = (): Record<
  CloudProvider,
  {
    oauth: FakeOAuth;
    throttle: Throttle;
    requests: { path: string; body: string }[];
    sessionsStarted(): number;
  }
> => ({ google_drive: google, dropbox, onedrive });

const startAuthorize = (app: FastifyInstance, token: string, provider: CloudProvider) =>
  callAs(app, 'POST', `/api/cloud/connections/${provider}/authorize`, token);

/** Starts the flow as the web app does: the authorization URL and the state cookie it set. */
async function authorize(token: string, provider: CloudProvider) {
  const res = await startAuthorize(s.app, token, provider);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return { url: (res.json() as { authorization_url: string }).authorization_url, cookie };
}

async function callback(redirect: string, cookie?: string) {
  const url = new URL(redirect);
  expect(url.origin).toBe('http://tracery.test');
  return s.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
}

/** Connects through the provider's consent, as the user who holds `token`. */
async function connect(token: string, provider: CloudProvider, account: string) {
  const fake = FAKES()[provider];
  fake.oauth.account = account;
  const { url, cookie } = await authorize(token, provider);
  const res = await callback(await fake.oauth.approve(url), cookie);
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe(`/cloud-storage?provider=${provider}&connected=1`);
}

async function connections(token: string): Promise<CloudConnections> {
  const res = await getJson(s.app, '/api/cloud/connections', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CloudConnections;
}

async function save(token: string, body: object) {
  return postJson(s.app, '/api/cloud/saves', body, token);
}

/** Polls the save until it ends (the deadline only guards against a hang). */
async function settled(token: string, id: string): Promise<CloudSave> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await getJson(s.app, `/api/cloud/saves/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as CloudSave;
    if (['done', 'failed', 'reconnect'].includes(view.status)) return view;
    if (Date.now() > deadline) throw new Error(`save never ended: ${res.body}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function saveAndWait(token: string, body: object): Promise<CloudSave> {
  const res = await save(token, body);
  expect(res.statusCode, res.body).toBe(202);
  return settled(token, (res.json() as CloudSave).id);
}

async function convert(token: string, name: string, bytes: Buffer) {
  const res = await upload(s.app, token, { name, bytes });
  expect(res.statusCode, res.body).toBe(200);
  const { id } = res.json() as { id: string };
  const download = await getJson(s.app, `/api/convert/${id}/download`, token);
  expect(download.statusCode).toBe(200);
  return { id, svg: download.rawPayload };
}

/** The bytes the fake provider holds for an account, by path inside the app folder. */
function stored(provider: CloudProvider, account: string, path: string[]): Buffer | undefined {
  if (provider === 'google_drive') {
    const files = google.filesIn(account, ['Tracery', ...path.slice(0, -1)]);
    return files.find((f) => f.name === path[path.length - 1])?.bytes;
  }
  const fake = provider === 'dropbox' ? dropbox : onedrive;
  return fake.file(account, `${provider === 'dropbox' ? '/' : ''}${path.join('/')}`);
}

/** The stored connection of an account to a provider (its tokens sealed). */
const connectionRow = (userId: string, provider: CloudProvider) =>
  s.ctx.db
    .selectFrom('cloud_connections')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();

/** Each provider's numbering of a clash (Dropbox and ours: "(1)", OneDrive: " 1"). */
const clashName = (provider: CloudProvider, name: string) =>
  provider === 'onedrive' ? name.replace(/\.svg$/, ' 1.svg') : name.replace(/\.svg$/, ' (1).svg');

describe('cloud storage configuration and plans', () => {
  it('a server without client ids shows each provider as not configured and refuses to start a connection', async () => {
    const bare = await startTestServer({ UPLOADS_PER_MINUTE: '2' });
    try {
      const account = await register(bare.app);
      await setPlan(bare.ctx.db, account.user.email, 'basic');
      const res = await getJson(bare.app, '/api/cloud/connections', account.access_token);
      expect(res.json().connections.map((c: { state: string }) => c.state)).toEqual([
        'not_configured',
        'not_configured',
        'not_configured',
      ]);
      const start = await startAuthorize(bare.app, account.access_token, 'dropbox');
      expect(start.statusCode).toBe(503);
      expect(start.json()).toEqual({
        code: 'SERVICE_NOT_CONFIGURED',
        detail: 'Dropbox is not configured on this server',
      });
      // Saves are counted per account like uploads (here 2 a minute), before anything else.
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await postJson(
          bare.app,
          '/api/cloud/saves',
          { provider: 'dropbox', conversion_id: crypto.randomUUID() },
          account.access_token,
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([503, 503, 429]);
    } finally {
      await bare.close();
    }
  });

  it('a free account sees the feature with the Basic badge and cannot connect or save', async () => {
    const free = await register(s.app);
    const list = await connections(free.access_token);
    expect(list).toMatchObject({ allowed: false, plan_required: 'basic' });
    const start = await startAuthorize(s.app, free.access_token, 'google_drive');
    expect(start.statusCode).toBe(403);
    expect(start.json()).toEqual({
      code: 'PLAN_REQUIRED',
      detail: 'Saving to cloud storage is included from the Basic plan',
    });
  });

  it('a retry waits what Retry-After asks, else the backoff, and gives up after the last', () => {
    expect(nextAttemptDelay(1, 7000)).toBe(7000);
    expect(nextAttemptDelay(1)).toBe(10_000);
    expect(nextAttemptDelay(99, 1000)).toBeUndefined();
  });

  it('tokens are sealed with AES-256-GCM, bound to their account and provider', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealToken(key, 'secret-token', 'user-a:dropbox');
    expect(sealed).not.toContain('secret-token');
    expect(openToken(key, sealed, 'user-a:dropbox')).toBe('secret-token');
    expect(openToken(key, sealed, 'user-b:dropbox')).toBeNull();
    expect(openToken(Buffer.alloc(32, 8), sealed, 'user-a:dropbox')).toBeNull();
  });
});

// Traces and uploads on a machine that may be busy: generous limits, never asserted on.
describe.each(['google_drive', 'dropbox', 'onedrive'] as const)(
  'saving to %s',
  { timeout: 180_000 },
  (provider) => {
    const account = `${provider}-owner@example.com`;
    let owner: Awaited<ReturnType<typeof paidUser>>;

    beforeAll(async () => {
      owner = await paidUser();
    });

    it('refuses a callback whose state this browser did not start, or that was used already', async () => {
      const fake = FAKES()[provider];
      const { url } = await authorize(owner.access_token, provider);
      const redirect = await fake.oauth.approve(url);
      // Another browser (no cookie), a forged cookie, a state the server never issued.
      for (const bad of [undefined, 'tracery_cloud_state=forged']) {
        const res = await callback(redirect, bad);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toContain('error=');
      }
      const forged = new URL(redirect);
      forged.searchParams.set('state', 'not-a-state-we-issued');
      const res = await callback(forged.toString(), 'tracery_cloud_state=not-a-state-we-issued');
      expect(res.headers.location).toContain('expired+or+was+already+used');
      expect(
        (await connections(owner.access_token)).connections.find((c) => c.provider === provider)
          ?.state,
      ).toBe('disconnected');
    });

    it('connects with PKCE: the fake checks the verifier, and a wrong one is refused', async () => {
      const fake = FAKES()[provider];
      // An attacker who swapped the verifier (here: in the database) cannot finish the flow.
      const { url, cookie } = await authorize(owner.access_token, provider);
      expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
      const state = new URL(url).searchParams.get('state')!;
      await s.ctx.db
        .updateTable('cloud_oauth_states')
        .set({
          code_verifier: sealToken(s.ctx.config.cloud.tokenKey, 'x'.repeat(43), `state:${state}`),
        })
        .where('state', '=', state)
        .execute();
      const failures = fake.oauth.pkceFailures.length;
      const refused = await callback(await fake.oauth.approve(url), cookie);
      expect(refused.headers.location).toContain('error=');
      expect(fake.oauth.pkceFailures.length).toBe(failures + 1);

      fake.oauth.account = account;
      const flow = await authorize(owner.access_token, provider);
      const redirect = await fake.oauth.approve(flow.url);
      const connected = await callback(redirect, flow.cookie);
      expect(connected.headers.location).toBe(`/cloud-storage?provider=${provider}&connected=1`);
      // The same redirect again (a replay): the state was used once and is gone.
      const replay = await callback(redirect, flow.cookie);
      expect(replay.headers.location).toContain('expired+or+was+already+used');
      const view = (await connections(owner.access_token)).connections.find(
        (c) => c.provider === provider,
      );
      expect(view).toMatchObject({ state: 'connected', account });
      // The same code cannot be used twice, and the tokens are not stored in the clear.
      const row = await connectionRow(owner.user.id, provider);
      expect(row.access_token).toMatch(/^v1\./);
      expect(row.refresh_token).toMatch(/^v1\./);
      const grant = fake.oauth.grants[fake.oauth.grants.length - 1];
      expect(row.refresh_token).not.toContain(grant.refreshToken);
    });

    it('saves a single SVG byte-identical to its download; a second save gets a numbered name', async () => {
      const result = await convert(owner.access_token, 'logo.png', await drawing(1));
      const first = await saveAndWait(owner.access_token, { provider, conversion_id: result.id });
      expect(first).toMatchObject({ status: 'done', name: 'logo.svg', files_done: 1 });
      expect(first.link).toMatch(/^https?:\/\//);
      expect(stored(provider, account, ['logo.svg'])?.equals(result.svg)).toBe(true);
      const second = await saveAndWait(owner.access_token, { provider, conversion_id: result.id });
      expect(second).toMatchObject({ status: 'done', name: clashName(provider, 'logo.svg') });
      expect(stored(provider, account, [second.name])?.equals(result.svg)).toBe(true);
    });

    it('a file above the simple-upload size goes through the resumable upload, in chunks', async () => {
      const result = await convert(owner.access_token, 'busy.png', await drawing(2, 60));
      expect(result.svg.length).toBeGreaterThan(SIMPLE_MAX);
      const sessions = FAKES()[provider].sessionsStarted();
      const done = await saveAndWait(owner.access_token, { provider, conversion_id: result.id });
      expect(done.status).toBe('done');
      expect(FAKES()[provider].sessionsStarted()).toBe(sessions + 1);
      expect(stored(provider, account, [done.name])?.equals(result.svg)).toBe(true);
    });

    it('refreshes the access token when the provider answers 401', async () => {
      const fake = FAKES()[provider];
      const result = await convert(owner.access_token, 'refresh.png', await drawing(3));
      fake.oauth.expireAccessTokens();
      const refreshes = () =>
        fake.requests.filter((r) => r.body.includes('grant_type=refresh_token')).length;
      const before = refreshes();
      const done = await saveAndWait(owner.access_token, { provider, conversion_id: result.id });
      expect(done.status).toBe('done');
      expect(refreshes()).toBe(before + 1);
      expect(stored(provider, account, ['refresh.svg'])?.equals(result.svg)).toBe(true);
    });

    it('retries after a 429 with Retry-After', async () => {
      const fake = FAKES()[provider];
      const result = await convert(owner.access_token, 'throttled.png', await drawing(4));
      fake.throttle.next(/upload|content/, 1, '1');
      const throttled = fake.throttle.throttled.length;
      const res = await save(owner.access_token, { provider, conversion_id: result.id });
      const done = await settled(owner.access_token, (res.json() as CloudSave).id);
      expect(done.status).toBe('done');
      expect(fake.throttle.throttled.length).toBe(throttled + 1);
      const row = await s.ctx.db
        .selectFrom('cloud_saves')
        .select('attempts')
        .where('id', '=', done.id)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
      expect(stored(provider, account, ['throttled.svg'])?.equals(result.svg)).toBe(true);
    });

    it('another account can never save with, see, or take over this connection', async () => {
      const other = await paidUser();
      const mine = await convert(owner.access_token, 'private.png', await drawing(5));
      const theirs = await convert(other.access_token, 'theirs.png', await drawing(6));
      // No connection of their own yet: nothing to save with.
      const unconnected = await save(other.access_token, { provider, conversion_id: theirs.id });
      expect(unconnected.statusCode).toBe(409);
      expect(unconnected.json().code).toBe('CONFLICT');
      const ownSave = await saveAndWait(owner.access_token, { provider, conversion_id: mine.id });
      const peek = await getJson(s.app, `/api/cloud/saves/${ownSave.id}`, other.access_token);
      expect(peek.statusCode).toBe(404);
      const list = await getJson(s.app, '/api/cloud/saves', other.access_token);
      expect(list.json().saves).toEqual([]);
      // The owner's flow finished in another account's browser connects nothing there.
      const { url } = await authorize(owner.access_token, provider);
      const redirect = await FAKES()[provider].oauth.approve(url);
      const stolen = await callback(
        redirect,
        `tracery_cloud_state=${new URL(redirect).searchParams.get('state')}x`,
      );
      expect(stolen.headers.location).toContain('error=');
      expect(
        (await connections(other.access_token)).connections.find((c) => c.provider === provider)
          ?.state,
      ).toBe('disconnected');
      // Connected, they still cannot save someone else's result; theirs goes to their account only.
      await connect(other.access_token, provider, `${provider}-other@example.com`);
      const foreign = await save(other.access_token, { provider, conversion_id: mine.id });
      expect(foreign.statusCode).toBe(404);
      const theirsSaved = await saveAndWait(other.access_token, {
        provider,
        conversion_id: theirs.id,
      });
      expect(theirsSaved.status).toBe('done');
      expect(
        stored(provider, `${provider}-other@example.com`, ['theirs.svg'])?.equals(theirs.svg),
      ).toBe(true);
      expect(stored(provider, account, ['theirs.svg'])).toBeUndefined();
      // Even the owner's sealed tokens copied into the other account's row are useless there:
      // they are bound to the account they were issued to.
      const ownerRow = await connectionRow(owner.user.id, provider);
      await s.ctx.db
        .updateTable('cloud_connections')
        .set({ access_token: ownerRow.access_token, refresh_token: ownerRow.refresh_token })
        .where('user_id', '=', other.user.id)
        .where('provider', '=', provider)
        .execute();
      const copied = await saveAndWait(other.access_token, { provider, conversion_id: theirs.id });
      expect(copied.status).toBe('reconnect');
      expect(stored(provider, account, ['theirs.svg'])).toBeUndefined();
    });

    it('a revoked grant shows "reconnect", never a 500', async () => {
      const user = await paidUser();
      const who = `${provider}-revoked@example.com`;
      await connect(user.access_token, provider, who);
      const result = await convert(user.access_token, 'late.png', await drawing(7));
      const fake = FAKES()[provider];
      for (const grant of fake.oauth.grants.filter((g) => g.account === who)) grant.revoked = true;
      const ended = await saveAndWait(user.access_token, { provider, conversion_id: result.id });
      expect(ended.status).toBe('reconnect');
      expect(
        (await connections(user.access_token)).connections.find((c) => c.provider === provider)
          ?.state,
      ).toBe('reconnect');
      const again = await save(user.access_token, { provider, conversion_id: result.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('CLOUD_RECONNECT_REQUIRED');
    });
  },
);

describe('saving a whole batch', { timeout: 300_000 }, () => {
  let owner: Awaited<ReturnType<typeof paidUser>>;
  let batch: BatchView;
  const downloads = new Map<string, Buffer>();

  beforeAll(async () => {
    owner = await paidUser();
    const files = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => ({
        name: `art-${i}.png`,
        bytes: await drawing(i),
      })),
    );
    const res = await startBatch(s.app, owner.access_token, files);
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { batch_id: string }).batch_id;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const view = await getJson(s.app, `/api/batch/${id}`, owner.access_token);
      batch = view.json() as BatchView;
      if (batch.status !== 'running') break;
      if (Date.now() > deadline) throw new Error('batch never finished');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(batch.totals.completed).toBe(20);
    for (const item of batch.items) {
      const d = await getJson(s.app, item.result_url!, owner.access_token);
      downloads.set(item.original_filename.replace(/\.png$/, '.svg'), d.rawPayload);
    }
  });

  it.each(['google_drive', 'dropbox', 'onedrive'] as const)(
    'saves 20 files into a subfolder named after the batch on %s, byte-identical to the downloads, and the ZIP',
    async (provider) => {
      const account = `${provider}-batch@example.com`;
      await connect(owner.access_token, provider, account);
      const done = await saveAndWait(owner.access_token, { provider, batch_id: batch.batch_id });
      const folder = `tracery-batch-${batch.batch_id.slice(0, 8)}`;
      expect(done).toMatchObject({ status: 'done', name: folder, files_total: 20, files_done: 20 });
      expect(done.link).toMatch(/^https?:\/\//);
      for (const [name, bytes] of downloads)
        expect(stored(provider, account, [folder, name])?.equals(bytes), name).toBe(true);

      const zip = await saveAndWait(owner.access_token, {
        provider,
        batch_id: batch.batch_id,
        as: 'zip',
      });
      expect(zip).toMatchObject({ status: 'done', name: `${folder}.zip`, files_total: 1 });
      const entries = readZip(stored(provider, account, [`${folder}.zip`])!);
      expect([...entries.keys()].sort()).toEqual([...downloads.keys()].sort());
      for (const [name, bytes] of downloads) expect(entries.get(name)?.equals(bytes)).toBe(true);
    },
  );
});

describe('disconnecting', () => {
  it.each(['google_drive', 'dropbox', 'onedrive'] as const)(
    'revokes the grant with %s (where the provider can) and deletes the tokens',
    async (provider) => {
      const user = await paidUser();
      const who = `${provider}-leaving@example.com`;
      await connect(user.access_token, provider, who);
      const fake = FAKES()[provider];
      const grant = fake.oauth.grants.filter((g) => g.account === who).pop()!;
      const res = await callAs(
        s.app,
        'DELETE',
        `/api/cloud/connections/${provider}`,
        user.access_token,
      );
      expect(res.statusCode, res.body).toBe(200);
      // Microsoft has no per-app revocation endpoint: OneDrive's tokens are only deleted.
      expect(res.json()).toEqual({ revoked: provider !== 'onedrive' });
      expect(grant.revoked).toBe(provider !== 'onedrive');
      expect(await countWhere(s.ctx.db, 'cloud_connections', 'user_id', user.user.id)).toBe(0);
      expect(
        (await connections(user.access_token)).connections.find((c) => c.provider === provider)
          ?.state,
      ).toBe('disconnected');
    },
  );
});

describe('deleting the account', () => {
  it('revokes its grants and forgets its tokens and saves', async () => {
    const user = await paidUser();
    const who = 'deleted-account@example.com';
    await connect(user.access_token, 'dropbox', who);
    const result = await convert(user.access_token, 'gone.png', await drawing(8));
    await saveAndWait(user.access_token, { provider: 'dropbox', conversion_id: result.id });
    const grant = dropbox.oauth.grants.filter((g) => g.account === who).pop()!;
    const res = await callAs(s.app, 'DELETE', '/api/account', user.access_token, {
      password: user.password,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(grant.revoked).toBe(true);
    for (const table of ['cloud_connections', 'cloud_saves'] as const) {
      const rows = await s.ctx.db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', user.user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describe('choosing the folder', () => {
  it('saves into the chosen subfolder of the app folder; a path is refused', async () => {
    const user = await paidUser();
    const who = 'folder-chooser@example.com';
    await connect(user.access_token, 'dropbox', who);
    const patch = (folder: string) =>
      callAs(s.app, 'PATCH', '/api/cloud/connections/dropbox', user.access_token, { folder });
    const refused = await patch('../elsewhere');
    expect(refused.statusCode).toBe(422);
    const ok = await patch('Clients');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (ok.json() as CloudConnections).connections.find((c) => c.provider === 'dropbox'),
    ).toMatchObject({ folder: 'Apps/Tracery/Clients', subfolder: 'Clients' });
    const result = await convert(user.access_token, 'client.png', await drawing(9));
    const done = await saveAndWait(user.access_token, {
      provider: 'dropbox',
      conversion_id: result.id,
    });
    expect(done.status).toBe('done');
    expect(dropbox.file(who, '/Clients/client.svg')?.equals(result.svg)).toBe(true);
  });
});
