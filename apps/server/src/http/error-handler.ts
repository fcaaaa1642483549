import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.js';

/**
 * One error shape for every route: `{detail, code}`. Client mistakes that Fastify and its plugins
 * raise (bad JSON, wrong content type, broken multipart, oversize bodies) keep their 4xx status;
 * anything unexpected is logged and answered with a generic 500 that leaks nothing.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ detail: error.detail, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath
        ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
        : '';
      const detail = `${where ? `${where}: ` : ''}${first?.message ?? 'Invalid request'}`;
      return reply.status(422).send({ detail, code: 'validation_error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ detail: clientDetail(error), code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error', code: 'internal_error' });
  });
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
