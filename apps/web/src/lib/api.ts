import type { ErrorCode } from '@tracery/contracts';
import { refreshSession, renewSession } from './session';
import { getToken } from './token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    /** The server's error code (`{"detail", "code"}`), for decisions; `detail` is for people. */
    readonly code?: ErrorCode | 'bad_response',
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** A contracts schema (zod) or anything else that checks an answer and returns it typed. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** The server's `detail` when there is one, else the given fallback (the §8 rule). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

interface RequestOptions<T> {
  /** Checks the answer's shape, so a server change fails here with a clear error, not in a page. */
  schema?: Parser<T>;
  method?: string;
  body?: unknown;
  /** Send the bearer token when there is one (renewed once from the session cookie on a 401). */
  auth?: boolean;
  signal?: AbortSignal;
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * fetch with the access token. Access tokens are short-lived: on a 401 the session cookie buys
 * a new one and the request is sent once more (bodies here are strings or FormData, resendable).
 * A call made before a freshly loaded page has traded its session cookie for a token (a payment
 * page the provider sends the buyer back to confirms at once) waits for that trade and is sent
 * again with the token, rather than answered as signed out.
 */
export async function fetchWithSession(url: string, init: RequestInit = {}): Promise<Response> {
  const send = () =>
    fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...authHeaders() },
    });
  const sentToken = getToken();
  const res = await send();
  if (res.status !== 401) return res;
  if (!sentToken) {
    // The page's own refresh is shared while in flight; null: nobody is signed in.
    if (!getToken() && !(await refreshSession().catch(() => null))) return res;
    return send();
  }
  // Another call may have renewed it meanwhile.
  if (getToken() === sentToken && !(await renewSession())) return res;
  return send();
}

async function readError(res: Response): Promise<ApiError> {
  let detail: string | undefined;
  let code: ErrorCode | undefined;
  try {
    const data: unknown = await res.json();
    if (data && typeof data === 'object') {
      const body = data as { detail?: unknown; code?: unknown };
      if (typeof body.code === 'string') code = body.code as ErrorCode;
      if (typeof body.detail === 'string') detail = body.detail;
      else if (Array.isArray(body.detail) && body.detail.length > 0) {
        const first: unknown = body.detail[0];
        if (first && typeof first === 'object' && 'msg' in first)
          detail = String((first as { msg: unknown }).msg);
      }
    }
  } catch {
    // not JSON
  }
  return new ApiError(res.status, detail, code);
}

/** Fetch under /api and parse JSON; non-2xx answers throw ApiError with the server's detail. */
export async function api<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const init: RequestInit = {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
  };
  const res = options.auth
    ? await fetchWithSession(`/api${path}`, init)
    : await fetch(`/api${path}`, init);
  if (!res.ok) throw await readError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!options.schema) return data as T;
  try {
    return options.schema.parse(data);
  } catch (error) {
    console.error(`Unexpected answer from /api${path}`, error);
    throw new ApiError(
      res.status,
      'The server sent an answer this page does not understand',
      'bad_response',
    );
  }
}

/** Reads a Server-Sent Events body, handing each event's name and data (text) to `onEvent`. */
export async function readEventStream(
  body: NonNullable<Response['body']>,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffered += value;
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (data) onEvent(event, data);
    }
  }
}

/**
 * POST JSON and read the answer as Server-Sent Events, handing each event and its parsed data to
 * `onEvent` as it arrives. A non-2xx answer throws ApiError before any event, like `api`.
 */
export async function postForEvents(
  path: string,
  body: unknown,
  onEvent: (event: string, data: unknown) => void,
): Promise<void> {
  const res = await fetchWithSession(`/api${path}`, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) throw await readError(res);
  await readEventStream(res.body, (event, data) => onEvent(event, JSON.parse(data)));
}

/** Fetch a protected file (result_url) with the bearer header and save it under `filename`. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const res = await fetchWithSession(url);
  if (!res.ok) throw await readError(res);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export { outputFilename } from '@tracery/contracts';
