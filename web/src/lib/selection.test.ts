// Where j, k, Home and End take the feed's selected message (lib/selection.ts).
import { moveSelection } from './selection';

describe('j, k, Home, End: the selected message', () => {
  it('moves one at a time and stops at either end', () => {
    const ids = [3, 5, 8];
    expect(moveSelection(ids, 5, 'next')).toBe(8);
    expect(moveSelection(ids, 8, 'next')).toBe(8);
    expect(moveSelection(ids, 5, 'previous')).toBe(3);
    expect(moveSelection(ids, 3, 'previous')).toBe(3);
    expect([moveSelection(ids, 5, 'first'), moveSelection(ids, 5, 'last')]).toEqual([3, 8]);
  });

  it('starts from an end when nothing (or a message gone) is selected', () => {
    expect(moveSelection([3, 5], undefined, 'next')).toBe(3);
    expect(moveSelection([3, 5], 4, 'previous')).toBe(5);
    expect(moveSelection([], 4, 'next')).toBeUndefined();
  });
});
