import { readMessagesConfig } from './config';

describe("the messages service's bounds", () => {
  const env = { PARLEY_SECRET: 's'.repeat(48) };

  it.each([['MAX_SUBMESSAGES_PER_MESSAGE', 'maxSubmessagesPerMessage', 10_000]] as const)('%s (%s) is %d by default, read from the environment, at least 1', (variable, key, byDefault) => {
    expect(readMessagesConfig(env)[key]).toBe(byDefault);
    expect(readMessagesConfig({ ...env, [variable]: '12345' })[key]).toBe(12_345);
    expect(() => readMessagesConfig({ ...env, [variable]: '0' })).toThrow(new RegExp(variable));
  });
});
