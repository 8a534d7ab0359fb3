import { isUnavailable } from './server';

describe('isUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }],
    [{ code: 'ECONNRESET' }],
    [{ code: '57P01' }],
    [{ code: '08006' }],
    [{ code: '53300', message: 'remaining connection slots are reserved for non-replication superuser connections' }],
    [{ name: 'MaxRetriesPerRequestError', message: 'Reached the max retries per request limit' }],
    [new Error('Connection is closed.')],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
    [new Error('Client has encountered a connection error and is not queryable')],
    [new Error('Client was closed and is not queryable')],
  ])('counts %p as a backing server out of reach', (err) => {
    expect(isUnavailable(err)).toBe(true);
  });

  it.each([[new Error('boom')], [{ code: '23505' }], [null], [undefined], ['ECONNREFUSED']])('does not count %p', (err) => {
    expect(isUnavailable(err)).toBe(false);
  });
});
