import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

const client = new OAuth2Client();

/**
 * Verifies a Google ID token: signature against Google's keys, audience = our client id,
 * issuer, expiry, and a verified email. Returns null when any check fails.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  audience: string,
  verifier: OAuth2Client = client,
): Promise<GoogleIdentity | null> {
  try {
    const ticket = await verifier.verifyIdToken({ idToken, audience });
    const p = ticket.getPayload();
    if (!p?.sub || !p.email || p.email_verified !== true) return null;
    return { sub: p.sub, email: p.email, name: p.name, picture: p.picture };
  } catch {
    return null;
  }
}
