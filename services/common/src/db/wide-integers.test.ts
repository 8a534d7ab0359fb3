import { widenIntegerParameters } from './wide-integers';

describe('widenIntegerParameters', () => {
  const past = 2 ** 31;

  it('leaves the text alone (the same string) when every integer fits PostgreSQL integer', () => {
    const text = 'SELECT * FROM users WHERE realm_id = $1 AND id = ANY($2::int[])';
    expect(widenIntegerParameters(text, [1, [2 ** 31 - 1, -(2 ** 31), 0]])).toBe(text);
    expect(widenIntegerParameters(text, ['2147483648', 1.5e10 + 0.5])).toBe(text);
  });

  it('reads a parameter past integer as bigint, with or without a cast of its own', () => {
    expect(widenIntegerParameters('SELECT 1 FROM users WHERE realm_id = $1 AND id = $2', [1, past])).toBe('SELECT 1 FROM users WHERE realm_id = $1 AND id = $2::bigint');
    expect(widenIntegerParameters('WHERE id = $2::int OR id = $2::INTEGER OR x = $2::int4', [1, -past - 1])).toBe('WHERE id = $2::bigint OR id = $2::bigint OR x = $2::bigint');
    expect(widenIntegerParameters('WHERE id = $1', [2 ** 53])).toBe('WHERE id = $1::bigint');
  });

  it('reads a list holding one as bigint[]', () => {
    expect(widenIntegerParameters('WHERE id = ANY($1)', [[1, past]])).toBe('WHERE id = ANY($1::bigint[])');
    expect(widenIntegerParameters('FROM unnest($1::int[]) AS u(id)', [[past]])).toBe('FROM unnest($1::bigint[]) AS u(id)');
  });

  it('keeps other casts, other parameters and $10 apart from $1', () => {
    const text = 'SELECT $1::text, $1::jsonb, $1::bigint, $10, $1';
    const values = [past, 0, 0, 0, 0, 0, 0, 0, 0, 7];
    expect(widenIntegerParameters(text, values)).toBe('SELECT $1::text, $1::jsonb, $1::bigint, $10, $1::bigint');
  });
});
