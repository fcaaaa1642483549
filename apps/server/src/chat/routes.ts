import {
  ChatHandoffBody,
  ChatHandoffResponse,
  ChatMessageBody,
  ChatMessageResponse,
  ChatStartResponse,
} from '@tracery/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { lazyEventStream, wantsEventStream } from '../http/event-stream.js';
import { errorResponses } from '../http/openapi.js';
import { RateLimiter, tooManyRequests } from '../http/rate-limit.js';
import { ChatService } from './service.js';

export function chatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ChatService(ctx);
  const limiter = new RateLimiter(ctx.counters, 'chat', ctx.config.chat.messagesPerMinute, 60_000);

  /** The optional bearer token: absent means a visitor; present but invalid is a 401. */
  async function asker(request: FastifyRequest): Promise<UserRow | undefined> {
    const user = request.auth?.user;
    // Counted per address and, when signed in, per account too (many addresses, one account).
    const wait = Math.max(
      await limiter.take(`ip:${request.ip}`),
      user ? await limiter.take(`user:${user.id}`) : 0,
    );
    if (wait > 0) throw tooManyRequests(wait, 'chat messages');
    return user;
  }

  return featureRoutes(ctx, 'chat', async (app, route) => {
    app.post(
      '/start',
      route.optionalUser('Start a conversation with the assistant (bearer token optional)', {
        description:
          'Signed in, the session belongs to the account and the assistant can answer from its plan, credits and conversions.',
        response: { 200: ChatStartResponse, ...errorResponses(429) },
      }),
      async (request) => service.start(await asker(request)),
    );

    app.post(
      '/message',
      route.optionalUser('Ask the assistant a question (bearer token optional)', {
        description:
          'The answer is built from the passages of the product documentation that match the question, and, when signed in, from your own account (read only). `links` name where to read more. With CHAT_LLM_URL configured the wording comes from the language model, grounded in the same facts; `source` says which. Sent with `Accept: text/event-stream`, the answer comes as Server-Sent Events: `delta` events (`{"text"}`, pieces of the model\'s wording as it is written) and a last `done` event holding this same JSON answer, which is the one to keep.',
        body: ChatMessageBody,
        response: { 200: ChatMessageResponse, ...errorResponses(404, 422, 429) },
      }),
      async (request, reply) => {
        const user = await asker(request);
        const { session_id, message } = request.body;
        if (!wantsEventStream(request)) return service.message(session_id, message, user);
        const events = lazyEventStream(reply);
        try {
          const answer = await service.message(session_id, message, user, (text) =>
            events.send('delta', { text }),
          );
          events.send('done', answer);
        } catch (error) {
          if (!events.started()) throw error;
          request.log.error({ err: error }, 'chat answer failed while streaming');
          events.send('error', {
            detail: 'The assistant could not finish this answer',
            code: 'INTERNAL',
          });
        }
        events.end();
        return reply;
      },
    );

    app.post(
      '/handoff',
      route.optionalUser(
        'Talk to a person: send this conversation to support (bearer token optional)',
        {
          description:
            'Emails the transcript to SUPPORT_EMAIL through the mail outbox, once per session. Visitors give the address to reply to; signed in, the account address is used.',
          body: ChatHandoffBody,
          response: { 200: ChatHandoffResponse, ...errorResponses(404, 422, 429) },
        },
      ),
      async (request) => {
        const user = await asker(request);
        return service.handoff(request.body.session_id, request.body.email, user);
      },
    );
  });
}
