import { ERROR_CODES } from '@tracery/contracts';
import { describe, expect, it } from 'vitest';
import { STATUS_OF } from '../src/http/error-status.js';

describe('the error model', () => {
  it('answers every code of the contracts with one client or server status', () => {
    expect(Object.keys(STATUS_OF).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(STATUS_OF[code], code).toBeGreaterThanOrEqual(400);
      expect(STATUS_OF[code], code).toBeLessThan(600);
    }
  });
});
