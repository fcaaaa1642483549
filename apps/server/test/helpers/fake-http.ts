import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
export type FakeHandler = (req: FakeRequest) => { status: number; body: unknown };

/** A tiny local HTTP server standing in for a provider's API. */
export async function startFake(
  handler: FakeHandler,
): Promise<{ port: number; url: string; requests: FakeRequest[]; close(): Promise<void> }> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', 'http://fake').pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let answer: { status: number; body: unknown };
      try {
        answer = handler(request);
      } catch (error) {
        answer = { status: 500, body: { error: { message: String(error) } } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
