import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../errors.js';
import { STATUS_OF, codeOfClientStatus } from './error-status.js';

/**
 * One error shape for every route: `{detail, code}`, the status from the code (error-status.ts).
 * Client mistakes that Fastify and its plugins raise (bad JSON, wrong content type, broken
 * multipart, oversize bodies) keep their 4xx status; anything unexpected is logged and answered
 * with a generic 500 that leaks nothing. 5xx answers and errors with an underlying cause (a
 * refunded conversion) are logged with that cause and their ids.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath
        ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
        : '';
      return sendError(
        request,
        reply,
        new DomainError('VALIDATION_FAILED', validationDetail(where, first?.message)),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ detail: clientDetail(error), code: codeOfClientStatus(status) });
    }
    return sendError(
      request,
      reply,
      new DomainError('INTERNAL', 'Internal server error', { cause: error }),
    );
  });
}

/**
 * The message, led by the field it is about unless it already names it: people read "Password
 * must be at least 8 characters", API clients read "detail: must be a number from 0 to 1".
 */
export function validationDetail(field: string, message = 'Invalid request'): string {
  const name = field
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1)
    ?.split('_')
    .at(-1)
    ?.toLowerCase();
  if (!name) return message;
  return message.toLowerCase().includes(name) ? message : `${field}: ${message}`;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  const status = STATUS_OF[error.code];
  if (status >= 500 || error.cause !== undefined) {
    request.log.error(
      { err: error.cause ?? error, code: error.code, ...error.context },
      error.detail,
    );
  }
  if (error.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(status).send({ detail: error.detail, code: error.code });
}

function clientDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'Expected a multipart/form-data request';
    default:
      return error.message || 'Bad request';
  }
}
