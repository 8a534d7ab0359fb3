import { checkPasswordShape, hashPassword, kdf, verifyPassword } from './passwords';

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

  describe('runs the KDF once, with the real parameters, whatever is stored', () => {
    afterEach(() => jest.restoreAllMocks());
    const unusable: [string, string | null][] = [
      ['no password (a bot, a user created without one)', null],
      ['another scheme', 'bcrypt$whatever'],
      ['a malformed row', 'scrypt$abc$8$1$$'],
      ['absurd parameters', 'scrypt$3$8$1$AAAA$AAAA'],
      ['a truncated hash', 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'],
    ];
    it.each(unusable)('%s', async (_what, stored) => {
      const derive = jest.spyOn(kdf, 'derive');
      expect(await verifyPassword('guess', stored)).toBe(false);
      expect(derive).toHaveBeenCalledTimes(1);
      expect(derive.mock.calls[0].slice(2)).toEqual([16384, 8, 1]);
    });

    it('a real hash', async () => {
      const stored = await hashPassword('right');
      const derive = jest.spyOn(kdf, 'derive');
      expect(await verifyPassword('wrong', stored)).toBe(false);
      expect(derive).toHaveBeenCalledTimes(1);
    });
  });

  it('checks the shape of a new password', () => {
    expect(checkPasswordShape('')).toBe('Password cannot be empty');
    expect(checkPasswordShape('x'.repeat(1025))).toBe('Password is too long');
    expect(checkPasswordShape('fine')).toBeUndefined();
  });
});
