import { anchorFromNarrow, resolveWithOperator, withMessageId } from './anchor';
import type { NarrowTerm } from './parse';

const term = (operator: string, operand: NarrowTerm['operand'], negated = false): NarrowTerm => ({ operator, operand, negated });

describe('anchorFromNarrow', () => {
  it("gives the near term's message ID", () => {
    expect(anchorFromNarrow([term('channel', 'Denmark'), term('near', '42')])).toBe(42);
  });

  it('is undefined without a usable near term (negated or not a message ID: ignored, as Zulip)', () => {
    expect(anchorFromNarrow([])).toBeUndefined();
    expect(anchorFromNarrow([term('near', '42', true)])).toBeUndefined();
    expect(anchorFromNarrow([term('near', 'soon')])).toBeUndefined();
  });
});

describe('withMessageId', () => {
  it('gives the operand of the with term, as an integer or digits', () => {
    expect(withMessageId([term('with', 7)])).toBe(7);
    expect(withMessageId([term('with', '7')])).toBe(7);
    expect(withMessageId([term('channel', 1)])).toBeUndefined();
  });

  it("refuses two with terms and a non-integer operand with Zulip's messages", () => {
    expect(() => withMessageId([term('with', 1), term('with', 2)])).toThrow(
      expect.objectContaining({ code: 'BAD_NARROW', message: "Invalid narrow operator combination: Duplicate 'with' operators." }),
    );
    expect(() => withMessageId([term('with', 'x')])).toThrow(expect.objectContaining({ code: 'BAD_NARROW', message: "Invalid narrow operator: Invalid 'with' operator" }));
  });
});

describe('resolveWithOperator', () => {
  it('leaves a narrow without with alone', () => {
    const terms = [term('channel', 1)];
    expect(resolveWithOperator(terms, undefined)).toBe(terms);
  });

  it('replaces the conversation terms by the channel and topic of the message, keeping the others', () => {
    const terms = [term('channel', 'Old'), term('topic', 'old name'), term('is', 'starred'), term('with', 5)];
    expect(resolveWithOperator(terms, { kind: 'channel', channel_id: 3, topic: '✔ new name' })).toEqual([term('channel', 3), term('topic', '✔ new name'), term('is', 'starred')]);
  });

  it('replaces them by the participants of a direct message', () => {
    expect(resolveWithOperator([term('with', 5), term('dm', [2])], { kind: 'direct', dm_user_ids: [1, 2, 3] })).toEqual([term('dm', [1, 2, 3])]);
  });

  it('drops a with whose message the viewer cannot see when the rest picks a conversation', () => {
    expect(resolveWithOperator([term('channel', 1), term('topic', 't'), term('with', 5)], undefined)).toEqual([term('channel', 1), term('topic', 't')]);
    expect(resolveWithOperator([term('pm-with', [2]), term('with', 5)], undefined)).toEqual([term('pm-with', [2])]);
  });

  it('refuses a with whose message the viewer cannot see otherwise', () => {
    expect(() => resolveWithOperator([term('channel', 1), term('with', 5)], undefined)).toThrow("Invalid narrow operator: Invalid 'with' operator");
  });
});
