import { AuthResponse, SESSION_REQUEST_HEADER } from '@tracery/contracts';
import { getToken, setToken } from './token';

/**
 * The browser session: an HttpOnly cookie that only POST /api/auth/refresh and /logout read.
 * Each refresh uses the cookie's token once and sets the next one; the server ends the session
 * when a used token comes back. So refreshes never overlap: one at a time in this tab (a shared
 * promise) and across tabs (a Web Lock, where the browser has them), each after the last one's
 * cookie is in place.
 */
const sessionHeaders = {
  Accept: 'application/json',
  [SESSION_REQUEST_HEADER.name]: SESSION_REQUEST_HEADER.value,
};

type Listener = () => void;
const lostListeners = new Set<Listener>();

/** Called when the session ends without the user signing out (revoked, expired, reused). */
export function onSessionLost(listener: Listener): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

let inFlight: Promise<AuthResponse | null> | null = null;

/** A new access token from the session cookie (kept in memory); null when there is no session. */
export function refreshSession(): Promise<AuthResponse | null> {
  inFlight ??= withSessionLock(requestRefresh).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** After a 401 on a signed-in call: a new access token, or the session is over (listeners told). */
export async function renewSession(): Promise<boolean> {
  const renewed = await refreshSession().catch(() => null);
  if (!renewed) lostListeners.forEach((listener) => listener());
  return renewed !== null;
}

/** Ends the session on the server (cookie and access token) and forgets the token here. */
export async function endSession(accessToken: string | null): Promise<void> {
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: {
        ...sessionHeaders,
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
    });
  } finally {
    setToken(null);
  }
}

async function requestRefresh(): Promise<AuthResponse | null> {
  const before = getToken();
  const res = await fetch('/api/auth/refresh', { method: 'POST', headers: sessionHeaders });
  if (res.status === 200) {
    const session = AuthResponse.parse(await res.json());
    setToken(session.access_token);
    return session;
  }
  // A sign-in that finished meanwhile keeps its token.
  if (getToken() === before) setToken(null);
  // 204: nobody is signed in; 401: the session has ended. Anything else is a failure to report.
  if (res.status === 204 || res.status === 401) return null;
  throw new Error(`Session refresh failed with status ${res.status}`);
}

async function withSessionLock<T>(run: () => Promise<T>): Promise<T> {
  // Web Locks exist only in secure contexts (https, localhost); elsewhere tabs may race.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? ((await locks.request('tracery-session-refresh', run)) as T) : run();
}
