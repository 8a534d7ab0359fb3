import { checkPasswordShape, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct hors', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('normalises Unicode (NFKC), so equivalent spellings match', async () => {
    const stored = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('refuses a missing or foreign hash', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });

  it('checks the shape of a new password', () => {
    expect(checkPasswordShape('')).toBe('Password cannot be empty');
    expect(checkPasswordShape('x'.repeat(1025))).toBe('Password is too long');
    expect(checkPasswordShape('fine')).toBeUndefined();
  });
});
