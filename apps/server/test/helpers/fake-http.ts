import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's bytes, and the query string (fakes of upload APIs need both). */
  raw: Buffer;
  query: URLSearchParams;
}
/** A JSON body, or with `raw` the bytes as they are (HTML pages, empty answers). */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
}
export type FakeHandler = (req: FakeRequest) => FakeAnswer;

/** The id a `method` request names in its path, decoded, where `pattern` (one group) matches. */
export function idIn(req: FakeRequest, method: string, pattern: RegExp): string | undefined {
  const m = req.method === method ? pattern.exec(req.path) : null;
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** 200 with the item looked up, or the provider's answer for a missing one. */
export const found = (item: unknown, missing: FakeAnswer): FakeAnswer =>
  item ? { status: 200, body: item } : missing;

/** A tiny local HTTP server standing in for a provider's API. */
export async function startFake(
  handler: FakeHandler,
  listenPort = 0,
): Promise<{ port: number; url: string; requests: FakeRequest[]; close(): Promise<void> }> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks);
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body: raw.toString('utf8'),
        raw,
        query: url.searchParams,
      };
      requests.push(request);
      let answer: FakeAnswer;
      try {
        answer = handler(request);
      } catch (error) {
        answer = { status: 500, body: { error: { message: String(error) } } };
      }
      if (answer.raw !== undefined) {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.raw);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
