import { redisKeyPrefix } from './namespace';
import { checkRemovableNamespace, NamespaceRemovalError, ownsStream, removeBusNamespace } from './remove-namespace';

describe('which streams a bus namespace owns', () => {
  it('is the streams whose subjects all carry the namespace, case and all', () => {
    expect(ownsStream({ name: 'RUN1_USERS', subjects: ['run1_users.>'] }, 'run1')).toBe(true);
    for (const [name, subjects] of [
      ['RUN12_USERS', ['run12_users.>']], // a namespace that only starts with the same letters
      ['RUN1_USERS', ['Run1_users.>']], // another namespace, the same stream name upper-cased
      ['USERS', ['users.>']], // a deployment without a namespace
      ['RUN1_USERS', ['run1_users.>', 'other.>']], // not only the namespace's subjects
      ['RUN1_USERS', []],
      ['KV_run1', ['run1_x.>']], // the subjects alone do not make it one of Parley's streams
    ] as const) {
      expect({ name, owned: ownsStream({ name, subjects: [...subjects] }, 'run1') }).toEqual({ name, owned: false });
    }
  });

  it('keys its Redis data under parley:<ns>:, parley:default: without a namespace', () => {
    expect(redisKeyPrefix('run1')).toBe('parley:run1:');
    expect(redisKeyPrefix(undefined)).toBe('parley:default:');
  });
});

describe('removeBusNamespace refusals', () => {
  it('refuses a missing, empty, malformed or shared namespace before connecting anywhere', async () => {
    for (const bad of [undefined, '', 'a_b', 'a.b', 'a*', 'a b', 'default']) {
      expect(() => checkRemovableNamespace(bad)).toThrow(NamespaceRemovalError);
      // Unreachable servers: a refusal must come first, not a connection error.
      await expect(removeBusNamespace({ namespace: bad, natsUrl: 'nats://127.0.0.1:1', redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(/--namespace|namespace 'default'/);
    }
    expect(checkRemovableNamespace('Run42')).toBe('Run42');
  });

  it('refuses to run with neither NATS nor Redis', async () => {
    await expect(removeBusNamespace({ namespace: 'run1' })).rejects.toThrow('NATS_URL or REDIS_URL must be set');
  });
});
