import { joinObjects } from './state';

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

  it("refuses a text that is not an object's", () => {
    for (const bad of ['[]', 'null', '"x"', '', ' {"a":1}']) expect(() => joinObjects(['{"a":1}', bad])).toThrow(/not a JSON object/);
  });
});
