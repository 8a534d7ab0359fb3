import { parseJsonParam, requireRealmId } from './params';

describe('service parameters', () => {
  it('parses JSON parameters, refusing bad JSON with the gateway\'s message', () => {
    expect(parseJsonParam('drafts', '[1]')).toEqual([1]);
    expect(() => parseJsonParam('drafts', '[1')).toThrow('Argument "drafts" is not valid JSON.');
  });

  it('takes a positive integer realm ID', () => {
    expect(requireRealmId('7')).toBe(7);
    for (const bad of [0, -1, '1.5', 'x', undefined]) expect(() => requireRealmId(bad)).toThrow('realm_id is required');
  });
});
