import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
  };
}

/** What the fake answers with: a text (streamed if asked), or silence until the client gives up. */
export type LlmBehaviour = { reply: string } | { hang: true } | { status: number };

/**
 * A local OpenAI-compatible Chat Completions server: POST /v1/chat/completions answers as one
 * JSON completion, or as Server-Sent Events of `chat.completion.chunk` deltas ending in [DONE].
 */
export async function startFakeLlm(behave: (req: LlmRequest) => LlmBehaviour) {
  const requests: LlmRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const request: LlmRequest = {
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(request);
      const b = behave(request);
      if ('hang' in b) {
        open.add(res);
        return;
      }
      if ('status' in b) {
        res.writeHead(b.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      const base = { id: 'chatcmpl-fake', created: 0, model: request.body.model };
      if (!request.body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: b.reply },
                finish_reason: 'stop',
              },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const words = b.reply.match(/\S+\s*/g) ?? [];
      for (const w of words) {
        const chunk = {
          ...base,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: w }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}
