/** An error with an HTTP status and a user-facing detail; everything else becomes a bare 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code: string = codeFor(status),
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

function codeFor(status: number): string {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 402:
      return 'insufficient_credits';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 410:
      return 'gone';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal_error' : 'error';
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
