import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { installPoller } from '../jobs/poller.js';
import { webhookSecretOf } from '../developer/api-keys.js';
import { addMs, nowIso } from '../time.js';
import { isPublicAddress } from './webhook-address.js';
import { claimDueDeliveries, recordAttempt, type DeliveryRow } from './webhook-repository.js';

export const SIGNATURE_HEADER = 'Tracery-Signature';
const ATTEMPT_TIMEOUT_MS = 5_000;
const RETRY_FOR_MS = 24 * 3600_000;
const LEASE_MS = 60_000;
const POLL_MS = 1_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by the webhook secret. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Waits before the next attempt: 10 s, 30 s, 90 s, ... tripling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3600_000, 10_000 * 3 ** (attempts - 1));

class RefusedAddress extends Error {}

/** DNS at send time, checked on the address the socket will use (no second lookup to rebind). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const refused = list.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (refused || list.length === 0)
        return callback(new RefusedAddress(`${hostname} resolves to a non-public address`), '', 0);
      if ((options as { all?: boolean }).all) return callback(null, list as never);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** One POST, no redirect followed, a few seconds at most; the answer's status or an error. */
export function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<{ status: number } | { error: string }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ error: 'Invalid URL' });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.resolve({ error: 'Only http and https URLs are called' });
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is never looked up, so it is checked here.
  if (isIP(host) && !allowPrivate && !isPublicAddress(host))
    return Promise.resolve({ error: `${host} is not a public address` });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Tracery-Webhooks/1',
          ...headers,
        },
        lookup: guardedLookup(allowPrivate),
        timeout: ATTEMPT_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    request.on('timeout', () => request.destroy(new Error('Timed out')));
    request.on('error', (error) => resolve({ error: error.message || 'Connection failed' }));
    request.end(body);
  });
}

/** The body as sent: the result URL made absolute with PUBLIC_URL. */
function bodyOf(ctx: AppContext, row: DeliveryRow): string {
  const body = JSON.parse(row.body) as { result_url?: string };
  if (body.result_url?.startsWith('/'))
    body.result_url = `${ctx.config.publicUrl}${body.result_url}`;
  return JSON.stringify(body);
}

/** Sends every due delivery once; a non-2xx answer (a redirect too) is retried with backoff for 24 h. */
export async function deliverDue(ctx: AppContext, now = Date.now()): Promise<number> {
  const due = await claimDueDeliveries(ctx.db, now, LEASE_MS);
  for (const row of due) {
    const secret = await webhookSecretOf(ctx.db, row.api_key_id);
    const body = bodyOf(ctx, row);
    const outcome = secret
      ? await postOnce(
          row.url,
          body,
          { [SIGNATURE_HEADER]: signature(secret, body, Math.floor(now / 1000)) },
          ctx.config.webhookAllowPrivate,
        )
      : { error: 'The API key was revoked' };
    const delivered = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
    const retryAt = nowIso(now + retryDelayMs(row.attempts + 1));
    const giveUp = !secret || retryAt > addMs(row.created_at, RETRY_FOR_MS);
    await recordAttempt(ctx.db, row.id, {
      delivered,
      status: 'status' in outcome ? outcome.status : null,
      error: 'error' in outcome ? outcome.error : delivered ? null : `HTTP ${outcome.status}`,
      nextAttemptAt: delivered || giveUp ? null : retryAt,
    });
  }
  return due.length;
}

/** Sends webhooks in the background while the app is up. */
export function installWebhookSender(app: FastifyInstance, ctx: AppContext) {
  installPoller(app, 'webhook delivery', () => deliverDue(ctx), POLL_MS);
}
