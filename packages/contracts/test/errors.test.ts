import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorBody, isErrorCode } from '../src/index.js';

describe('error bodies', () => {
  it('require a code from the closed list', () => {
    expect(ErrorBody.safeParse({ detail: 'Conversion not found', code: 'NOT_FOUND' }).success).toBe(
      true,
    );
    expect(ErrorBody.safeParse({ detail: 'Conversion not found' }).success).toBe(false);
    expect(ErrorBody.safeParse({ detail: 'x', code: 'not_found' }).success).toBe(false);
  });

  it('list each code once, in upper snake case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(isErrorCode('QUEUE_FULL')).toBe(true);
    expect(isErrorCode('queue_full')).toBe(false);
  });
});
