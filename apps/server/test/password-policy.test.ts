import { describe, expect, it } from 'vitest';
import { register, getJson, changePassword } from './helpers/api.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

// All in zxcvbn-ts's passwords-common list (compared without case), all at least 8 characters.
const COMMON = ['password1', 'Qwertyuiop', 'iloveyou', '12345678'];

describe('password rule', () => {
  it('registration refuses common passwords with 422 and creates nothing', async () => {
    for (const password of COMMON) {
      const email = `common-${password.toLowerCase()}@example.com`;
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'C', email, password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().detail).toMatch(/most common/);
      const row = await s.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    const short = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'C', email: 'short@example.com', password: 'a1b2c3' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toMatch(/at least 8 characters/);
  });

  it('password change refuses a common password and keeps the old one', async () => {
    const { access_token, user, password } = await register(s.app);
    const res = await changePassword(s.app, access_token, password, 'Password1');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/most common/);
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
    // The session that asked still works: nothing was revoked.
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.statusCode).toBe(200);
  });
});
