import { ConfigError, DEFAULT_GRPC_PORTS, envBool, envBusNamespace, envInt, envOptional, envString, envUrl, grpcAddrs, SERVICES } from './config';

describe('envString', () => {
  it('returns the value when set', () => {
    expect(envString({ NAME: 'value' }, 'NAME', 'fallback')).toBe('value');
  });

  it('keeps surrounding spaces', () => {
    expect(envString({ NAME: ' v ' }, 'NAME')).toBe(' v ');
  });

  it('uses the fallback when unset or empty', () => {
    expect(envString({}, 'NAME', 'fallback')).toBe('fallback');
    expect(envString({ NAME: '' }, 'NAME', 'fallback')).toBe('fallback');
    expect(envString({}, 'NAME', '')).toBe('');
  });

  it('throws a ConfigError naming the variable when unset without a fallback', () => {
    expect(() => envString({}, 'DATABASE_URL')).toThrow(ConfigError);
    expect(() => envString({ DATABASE_URL: '' }, 'DATABASE_URL')).toThrow('DATABASE_URL must be set');
  });
});

describe('envOptional', () => {
  it('is undefined when unset or empty, the value otherwise', () => {
    expect(envOptional({}, 'X')).toBeUndefined();
    expect(envOptional({ X: '' }, 'X')).toBeUndefined();
    expect(envOptional({ X: '0' }, 'X')).toBe('0');
  });
});

describe('envInt', () => {
  it('parses a decimal integer', () => {
    expect(envInt({ PORT: '9991' }, 'PORT', 80)).toBe(9991);
    expect(envInt({ N: '0' }, 'N', 5)).toBe(0);
    expect(envInt({ N: '007' }, 'N', 5)).toBe(7);
  });

  it('uses the fallback when unset or empty', () => {
    expect(envInt({}, 'PORT', 80)).toBe(80);
    expect(envInt({ PORT: '' }, 'PORT', 80)).toBe(80);
  });

  it.each([['abc'], ['1.5'], ['1e3'], ['0x10'], [' 5'], ['5 '], ['+5'], ['5px'], ['-']])('refuses malformed %j with a ConfigError naming the variable and value', (raw) => {
    expect(() => envInt({ PORT: raw }, 'PORT', 80)).toThrow(new ConfigError(`PORT must be an integer, got '${raw}'`));
  });

  it('accepts the bounds themselves', () => {
    expect(envInt({ N: '1' }, 'N', 5, 1, 10)).toBe(1);
    expect(envInt({ N: '10' }, 'N', 5, 1, 10)).toBe(10);
    expect(envInt({ N: '-3' }, 'N', 5, -5, 10)).toBe(-3);
  });

  it('refuses values outside the bounds', () => {
    expect(() => envInt({ N: '0' }, 'N', 5, 1, 10)).toThrow('N must be between 1 and 10, got 0');
    expect(() => envInt({ N: '11' }, 'N', 5, 1, 10)).toThrow('N must be between 1 and 10, got 11');
  });

  it('refuses negatives by default (min 0)', () => {
    expect(() => envInt({ N: '-1' }, 'N', 5)).toThrow(ConfigError);
  });

  it('refuses values beyond the safe integers by default', () => {
    expect(() => envInt({ N: '9007199254740993' }, 'N', 5)).toThrow(ConfigError);
    expect(envInt({ N: '9007199254740991' }, 'N', 5)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('does not check the bounds of the fallback', () => {
    expect(envInt({}, 'N', -1, 0, 10)).toBe(-1);
  });
});

describe('envBool', () => {
  it.each([['1'], ['true'], ['TRUE'], ['yes'], ['Yes'], ['on'], ['ON']])('reads %j as true', (raw) => {
    expect(envBool({ FLAG: raw }, 'FLAG', false)).toBe(true);
  });

  it.each([['0'], ['false'], ['False'], ['no'], ['NO'], ['off'], ['Off']])('reads %j as false', (raw) => {
    expect(envBool({ FLAG: raw }, 'FLAG', true)).toBe(false);
  });

  it('uses the fallback when unset or empty', () => {
    expect(envBool({}, 'FLAG', true)).toBe(true);
    expect(envBool({ FLAG: '' }, 'FLAG', false)).toBe(false);
  });

  it.each([['2'], ['y'], ['t'], ['enabled'], [' true'], ['truee']])('refuses %j', (raw) => {
    expect(() => envBool({ FLAG: raw }, 'FLAG', false)).toThrow(new ConfigError(`FLAG must be true or false, got '${raw}'`));
  });
});

describe('envUrl', () => {
  const web = ['http:', 'https:'];

  it('returns the raw value when its protocol is allowed', () => {
    expect(envUrl({ U: 'https://chat.example.com' }, 'U', web)).toBe('https://chat.example.com');
    expect(envUrl({ U: 'HTTP://Example.com:8080/x' }, 'U', web)).toBe('HTTP://Example.com:8080/x');
    expect(envUrl({ DB: 'postgres://u:p@db:5432/parley' }, 'DB', ['postgres:', 'postgresql:'])).toBe('postgres://u:p@db:5432/parley');
  });

  it('is undefined when unset or empty', () => {
    expect(envUrl({}, 'U', web)).toBeUndefined();
    expect(envUrl({ U: '' }, 'U', web)).toBeUndefined();
  });

  it('refuses another protocol, naming the allowed ones', () => {
    expect(() => envUrl({ U: 'ftp://example.com' }, 'U', web)).toThrow(new ConfigError('U must use http: or https:, got ftp:'));
    expect(() => envUrl({ DB: 'mysql://db' }, 'DB', ['postgres:'])).toThrow('DB must use postgres:, got mysql:');
  });

  it('refuses a value that is not a URL', () => {
    expect(() => envUrl({ U: 'chat.example.com' }, 'U', web)).toThrow(new ConfigError('U is not a valid URL'));
    expect(() => envUrl({ U: 'http://' }, 'U', web)).toThrow(ConfigError);
  });
});

describe('envBusNamespace', () => {
  it('is undefined when PARLEY_BUS_NAMESPACE is unset or empty', () => {
    expect(envBusNamespace({})).toBeUndefined();
    expect(envBusNamespace({ PARLEY_BUS_NAMESPACE: '' })).toBeUndefined();
  });

  it('accepts letters and digits', () => {
    expect(envBusNamespace({ PARLEY_BUS_NAMESPACE: 'Run42' })).toBe('Run42');
  });

  it.each([['run-42'], ['a.b'], ['a b'], ['a_b'], ['a>'], ['*']])('refuses %j, which would change NATS subjects', (raw) => {
    expect(() => envBusNamespace({ PARLEY_BUS_NAMESPACE: raw })).toThrow(new ConfigError(`PARLEY_BUS_NAMESPACE must be letters and digits, got '${raw}'`));
  });
});

describe('grpcAddrs', () => {
  it('defaults every service to its port on loopback', () => {
    expect(grpcAddrs({})).toEqual({
      users: '127.0.0.1:50051',
      channels: '127.0.0.1:50052',
      messages: '127.0.0.1:50053',
      uploads: '127.0.0.1:50054',
      events: '127.0.0.1:50055',
    });
  });

  it('gives every service a distinct default port', () => {
    expect(new Set(SERVICES.map((s) => DEFAULT_GRPC_PORTS[s])).size).toBe(SERVICES.length);
  });

  it('takes <SERVICE>_GRPC_ADDR overrides, an empty one falling back to the default', () => {
    const addrs = grpcAddrs({ USERS_GRPC_ADDR: 'users:7000', EVENTS_GRPC_ADDR: 'unix:/run/events.sock', CHANNELS_GRPC_ADDR: '' });
    expect(addrs.users).toBe('users:7000');
    expect(addrs.events).toBe('unix:/run/events.sock');
    expect(addrs.channels).toBe('127.0.0.1:50052');
    expect(addrs.messages).toBe('127.0.0.1:50053');
  });

  it('ignores lower-case variable names', () => {
    expect(grpcAddrs({ users_grpc_addr: 'x:1' }).users).toBe('127.0.0.1:50051');
  });
});
