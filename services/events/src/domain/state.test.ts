import { joinObjects as joinBytes } from './state';

/** joinObjects over texts (it takes and gives UTF-8 bytes). */
const joinObjects = (texts: string[]) => joinBytes(texts.map((t) => Buffer.from(t))).toString('utf8');

describe('joinObjects', () => {
  it("joins objects' members in order, as one object's text", () => {
    const joined = joinObjects(['{"queue_id":"q","last_event_id":-1}', '{"realm_users":[{"user_id":1,"profile_data":{}}]}', '{"unread_msgs":{"count":0}}']);
    expect(joined).toBe('{"queue_id":"q","last_event_id":-1,"realm_users":[{"user_id":1,"profile_data":{}}],"unread_msgs":{"count":0}}');
    expect(JSON.parse(joined)).toEqual({ queue_id: 'q', last_event_id: -1, realm_users: [{ user_id: 1, profile_data: {} }], unread_msgs: { count: 0 } });
  });

  it('skips empty objects, wherever they are', () => {
    expect(joinObjects(['{}', '{"a":1}', '{}', '{"b":"}{"}', '{}'])).toBe('{"a":1,"b":"}{"}');
    expect(joinObjects(['{}', '{}'])).toBe('{}');
    expect(joinObjects([])).toBe('{}');
  });

  it('copies the bytes as they are, characters of several bytes included', () => {
    const parts = [Buffer.from('{"name":"Zoë"}'), Buffer.from('{"emoji":"🎉","n":1.50}')];
    const joined = joinBytes(parts);
    expect(Buffer.isBuffer(joined)).toBe(true);
    expect(joined.toString('utf8')).toBe('{"name":"Zoë","emoji":"🎉","n":1.50}');
  });

  it("refuses a text that is not an object's", () => {
    for (const bad of ['[]', 'null', '"x"', '', ' {"a":1}']) expect(() => joinObjects(['{"a":1}', bad])).toThrow(/not a JSON object/);
  });
});
