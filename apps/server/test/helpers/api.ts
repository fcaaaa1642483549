import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@tracery/contracts';

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
  return { ...(res.json() as AuthResponse), password: body.password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A JSON POST, signed in when a token is given. */
export const postJson = (app: FastifyInstance, url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
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

export async function upload(
  app: FastifyInstance,
  token: string,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = { output_format: 'svg', quality_tier: 'standard' },
) {
  const { payload, headers } = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/convert/upload',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}
