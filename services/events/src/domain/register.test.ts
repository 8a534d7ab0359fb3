import { Caller, Role } from '@parley/common';
import type { RegisterRequest__Output } from '@parley/common/generated/parley/events/v1/RegisterRequest';
import { queueOptions } from './register';

const caller = (role: number): Caller => ({ realm_id: 1, user_id: 10, role, is_bot: false, email: 'user@example.com' });
const member = caller(Role.MEMBER);
const guest = caller(Role.GUEST);

const options = (req: RegisterRequest__Output, who = member) => queueOptions(who, req);
const refusal = (msg: string) => expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400, message: msg });

describe('queueOptions', () => {
  it("gives Zulip's defaults for an empty request", () => {
    expect(options({})).toEqual({
      event_types: null,
      narrow: [],
      all_public_streams: false,
      client_capabilities: {},
      apply_markdown: false,
      client_gravatar: true,
      slim_presence: false,
      include_subscribers: 'false',
    });
  });

  it('passes the boolean options through', () => {
    expect(options({ apply_markdown: true, client_gravatar: false, slim_presence: true, all_public_streams: true })).toMatchObject({
      apply_markdown: true,
      client_gravatar: false,
      slim_presence: true,
      all_public_streams: true,
    });
  });

  describe('event_types', () => {
    it.each([
      ['["message","typing"]', ['message', 'typing']],
      ['[]', []],
      ['null', null],
    ])('reads %s', (raw, expected) => {
      expect(options({ event_types: raw }).event_types).toEqual(expected);
    });

    it.each(['"message"', '[1]', '{"message": true}', '["message", null]'])('refuses %s, which is not a list of strings', (raw) => {
      expect(() => options({ event_types: raw })).toThrow(refusal('event_types is not a list of strings'));
    });

    it('refuses what is not JSON', () => {
      expect(() => options({ event_types: 'message' })).toThrow(refusal('event_types is not valid JSON'));
    });
  });

  describe('narrow', () => {
    it('reads a list of terms', () => {
      expect(options({ narrow: '[["channel","Denmark"],{"operator":"is","operand":"dm","negated":true}]' }).narrow).toEqual([
        { operator: 'channel', operand: 'Denmark', negated: false },
        { operator: 'is', operand: 'dm', negated: true },
      ]);
    });

    it.each([
      ['{}', 'narrow is not a list'],
      ['[["bogus","x"]]', 'Invalid narrow[0]'],
      ['[["channel"]]', 'Invalid narrow[0]: bad operand'],
      ['channel:Denmark', 'narrow is not valid JSON'],
    ])('refuses %s', (raw, msg) => {
      expect(() => options({ narrow: raw })).toThrow(refusal(msg));
    });
  });

  describe('client_capabilities', () => {
    it('reads a dict of booleans', () => {
      const raw = '{"notification_settings_null": true, "bulk_message_deletion": false}';
      expect(options({ client_capabilities: raw }).client_capabilities).toEqual({
        notification_settings_null: true,
        bulk_message_deletion: false,
      });
    });

    it('reads null as no capabilities', () => {
      expect(options({ client_capabilities: 'null' }).client_capabilities).toEqual({});
    });

    it('refuses a capability that is not a boolean, naming it', () => {
      expect(() => options({ client_capabilities: '{"user_avatar_url_field_optional": 1}' })).toThrow(refusal('client_capabilities["user_avatar_url_field_optional"] is not a boolean'));
    });

    it.each(['[]', '"all"', 'true'])('refuses %s, which is not a dict', (raw) => {
      expect(() => options({ client_capabilities: raw })).toThrow(refusal('client_capabilities is not a dict'));
    });

    it('refuses what is not JSON', () => {
      expect(() => options({ client_capabilities: '{' })).toThrow(refusal('client_capabilities is not valid JSON'));
    });
  });

  describe('include_subscribers', () => {
    it.each([
      ['true', 'true'],
      ['false', 'false'],
      ['partial', 'partial'],
      ['"partial"', 'partial'],
    ])('reads %s as %s', (raw, expected) => {
      expect(options({ include_subscribers: raw }).include_subscribers).toBe(expected);
    });

    it.each(['yes', 'True', '"true"', '', 'null'])('refuses %p', (raw) => {
      expect(() => options({ include_subscribers: raw })).toThrow(refusal('include_subscribers must be true, false or "partial"'));
    });
  });

  describe('all_public_streams', () => {
    it.each([Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER])('is allowed to role %i', (role) => {
      expect(options({ all_public_streams: true }, caller(role)).all_public_streams).toBe(true);
    });

    it('is refused to a guest', () => {
      expect(() => options({ all_public_streams: true }, guest)).toThrow(refusal('User not authorized for this query'));
    });

    it('leaves a guest free to register without it', () => {
      expect(options({ all_public_streams: false }, guest).all_public_streams).toBe(false);
      expect(options({}, guest).all_public_streams).toBe(false);
    });
  });
});
