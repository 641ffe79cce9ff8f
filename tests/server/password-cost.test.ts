import { describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { argon2Options } from '../../server/modules/auth/passwords';

describe('the password hash cost', () => {
  it("is OWASP's argon2id minimum unless configured", () => {
    expect(argon2Options({})).toEqual({ type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('takes ARGON2_MEMORY_KIB and ARGON2_ITERATIONS', () => {
    expect(argon2Options({ ARGON2_MEMORY_KIB: '65536', ARGON2_ITERATIONS: '3' })).toMatchObject({
      memoryCost: 65536,
      timeCost: 3,
    });
  });

  it.each([['0'], ['-5'], ['1.5'], ['lots']])('refuses %s instead of hashing with it', (value) => {
    expect(() => argon2Options({ ARGON2_ITERATIONS: value })).toThrow('ARGON2_ITERATIONS must be a whole number');
    expect(() => argon2Options({ ARGON2_MEMORY_KIB: value })).toThrow('ARGON2_MEMORY_KIB must be a whole number');
  });
});
