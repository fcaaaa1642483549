import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

/** Google's public signing keys (PEM by key id); fetched and cached by google-auth-library. */
export type GoogleCerts = () => Promise<Record<string, string>>;

const client = new OAuth2Client();
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export const googlePublicCerts: GoogleCerts = async () =>
  (await client.getFederatedSignonCertsAsync()).certs as Record<string, string>;

/**
 * Verifies a Google ID token: RS256 signature against Google's keys, audience = our client id,
 * issuer, expiry, and a verified email. Returns null when any check fails.
 */
export async function verifyGoogleIdToken(
  idToken: string,
  audience: string,
  certs: GoogleCerts = googlePublicCerts,
): Promise<GoogleIdentity | null> {
  try {
    const ticket = await client.verifySignedJwtWithCertsAsync(
      idToken,
      await certs(),
      audience,
      GOOGLE_ISSUERS,
    );
    const p = ticket.getPayload();
    if (!p?.sub || !p.email || p.email_verified !== true) return null;
    return { sub: p.sub, email: p.email, name: p.name, picture: p.picture };
  } catch {
    return null;
  }
}
