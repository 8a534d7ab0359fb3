import { readBaseConfig } from '@parley/common';
import { checkListLength, jsonList } from './params';

describe('jsonList with a bound', () => {
  it('takes a list of up to the bound', () => {
    expect(jsonList('subscriptions', JSON.stringify(['a', 'b']), 2)).toEqual(['a', 'b']);
  });

  it('refuses a longer one with BAD_REQUEST, saying the bound', () => {
    expect(() => jsonList('subscriptions', JSON.stringify(['a', 'b', 'c']), 2)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400, message: 'subscriptions has 3 entries; at most 2 per request' }),
    );
    expect(() => checkListLength('subscription_data', [1, 2, 3], 2)).toThrow('subscription_data has 3 entries; at most 2 per request');
  });
});

describe('MAX_SUBSCRIPTIONS_PER_REQUEST', () => {
  const env = { PARLEY_SECRET: 's'.repeat(48) };

  it('is 1,000 by default and read from the environment', () => {
    expect(readBaseConfig('channels', env).maxSubscriptionsPerRequest).toBe(1000);
    expect(readBaseConfig('channels', { ...env, MAX_SUBSCRIPTIONS_PER_REQUEST: '20000' }).maxSubscriptionsPerRequest).toBe(20_000);
    expect(() => readBaseConfig('channels', { ...env, MAX_SUBSCRIPTIONS_PER_REQUEST: '0' })).toThrow(/MAX_SUBSCRIPTIONS_PER_REQUEST/);
  });
});

describe('MAX_CHANNELS_PER_REALM', () => {
  const env = { PARLEY_SECRET: 's'.repeat(48) };

  it('is 5,000 by default and read from the environment', () => {
    expect(readBaseConfig('channels', env).maxChannelsPerRealm).toBe(5000);
    expect(readBaseConfig('channels', { ...env, MAX_CHANNELS_PER_REALM: '20000' }).maxChannelsPerRealm).toBe(20_000);
    expect(() => readBaseConfig('channels', { ...env, MAX_CHANNELS_PER_REALM: '0' })).toThrow(/MAX_CHANNELS_PER_REALM/);
  });
});
