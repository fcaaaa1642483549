/**
 * The access token lives in this module's memory only, never in Web Storage, so an injected
 * script cannot read it from there. What survives a reload is the HttpOnly session cookie, which
 * lib/session.ts trades for a new access token.
 */
let accessToken: string | null = null;

export function getToken(): string | null {
  return accessToken;
}

export function setToken(token: string | null): void {
  accessToken = token;
}

// Versions before the session cookie kept the token in localStorage: drop one left behind.
try {
  localStorage.removeItem('access_token');
} catch {
  // storage unavailable (private mode): nothing was left there either
}
