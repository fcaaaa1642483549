import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_REQUEST_HEADER, type AuthResponse } from '@tracery/contracts';

let counter = 0;

export async function register(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  counter++;
  const body = {
    name: 'Test User',
    email: `user${counter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password: body.password, cookie: sessionCookie(res) };
}

/** The session cookie an answer set, as a `Cookie` header value (`name=value`). */
export function sessionCookie(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === 'tracery_session');
  if (!set?.value) throw new Error(`no session cookie in: ${JSON.stringify(res.headers)}`);
  return `${set.name}=${set.value}`;
}

/** What the web app sends with the cookie-authenticated calls (custom header, same origin). */
export const sameOrigin = {
  [SESSION_REQUEST_HEADER.name]: SESSION_REQUEST_HEADER.value,
  'sec-fetch-site': 'same-origin',
};

/** POST /api/auth/refresh with the given cookie, as the web app sends it unless `headers` say otherwise. */
export const refresh = (
  app: FastifyInstance,
  cookie: string | undefined,
  headers: Record<string, string | undefined> = sameOrigin,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON POST, signed in when a token is given. */
export const postJson = (app: FastifyInstance, url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

/** POST /api/auth/password: the signed-in account changes its password. */
export const changePassword = (
  app: FastifyInstance,
  token: string,
  current_password: string,
  new_password: string,
) => postJson(app, '/api/auth/password', { current_password, new_password }, token);

/** A call signed in with a bearer token, with a JSON body when one is given. */
export const callAs = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const getJson = (app: FastifyInstance, url: string, token: string) =>
  callAs(app, 'GET', url, token);

/** A form POST, as a browser sends an HTML form (the local payment page's buttons). */
export const postForm = (app: FastifyInstance, url: string, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

type FilePart = { name: string; bytes: Uint8Array; type?: string; field?: string };

/** A multipart body built by hand, as a browser would send it. */
export function multipart(
  fields: Record<string, string>,
  file?: FilePart | FilePart[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tracery${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  for (const f of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart POST signed in with a bearer token. */
export function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: FilePart | FilePart[],
) {
  const { payload, headers } = multipart(fields, file);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(token) } });
}

/** POST /api/batch with the files in one multipart body. */
export const startBatch = (
  app: FastifyInstance,
  token: string,
  files: FilePart[],
  fields: Record<string, string> = { output_format: 'svg', quality_tier: 'standard' },
) => postMultipart(app, '/api/batch', token, fields, files);

export const upload = (
  app: FastifyInstance,
  token: string,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = { output_format: 'svg', quality_tier: 'standard' },
) => postMultipart(app, '/api/convert/upload', token, fields, file);
