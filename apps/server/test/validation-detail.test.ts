import { describe, expect, it } from 'vitest';
import { validationDetail } from '../src/http/error-handler.js';
import { useTestServer } from './helpers/server.js';

describe('validation messages', () => {
  it('lead with the field unless the message already names it', () => {
    expect(validationDetail('password', 'Password must be at least 8 characters')).toBe(
      'Password must be at least 8 characters',
    );
    expect(validationDetail('new_password', 'Password must be at least 8 characters')).toBe(
      'Password must be at least 8 characters',
    );
    expect(validationDetail('detail', 'must be a number from 0 to 1')).toBe(
      'detail: must be a number from 0 to 1',
    );
    expect(validationDetail('palette.0', 'colours are written #rrggbb')).toBe(
      'palette.0: colours are written #rrggbb',
    );
    expect(validationDetail('', 'Invalid request')).toBe('Invalid request');
  });

  describe('through the API', () => {
    const s = useTestServer();

    it('a short password at registration reads as a sentence for people, and creates nothing', async () => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Short', email: 'short-pass@example.com', password: 'abc' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: 'Password must be at least 8 characters',
        code: 'VALIDATION_FAILED',
      });
      const row = await s.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'short-pass@example.com')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });
});
