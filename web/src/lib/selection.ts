// The feed's selected message (Zulip's outlined "current message"), which the message
// shortcuts act on: where a move (`j`, `k`, `Home`, `End`) takes it, and the hook that keeps it.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The selected message after a move (`next`, `previous`, `first`, `last`) in a feed's ids, oldest first. */
export function moveSelection(ids: number[], selected: number | undefined, move: 'next' | 'previous' | 'first' | 'last'): number | undefined {
  if (!ids.length) return undefined;
  if (move === 'first') return ids[0];
  if (move === 'last') return ids[ids.length - 1];
  const at = selected === undefined ? -1 : ids.indexOf(selected);
  if (at < 0) return move === 'next' ? ids[0] : ids[ids.length - 1];
  return ids[Math.min(ids.length - 1, Math.max(0, at + (move === 'next' ? 1 : -1)))];
}

/**
 * The selected message: the one picked (by a key or a click) while it is still in the feed,
 * else the feed's anchor (its first unread message, or the one linked), else the newest.
 * A keyboard move scrolls the selected row into view.
 */
export function useSelection(ids: number[], anchor: number | undefined, scroller: RefObject<HTMLDivElement | null>) {
  const [picked, setPicked] = useState<number>();
  const scrollNext = useRef(false);
  const id = picked !== undefined && ids.includes(picked) ? picked : anchor !== undefined && ids.includes(anchor) ? anchor : ids[ids.length - 1];
  useLayoutEffect(() => {
    if (!scrollNext.current || id === undefined) return;
    scrollNext.current = false;
    scroller.current?.querySelector(`[data-message-id="${id}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [id, scroller]);
  return {
    id,
    select: (to: number | undefined) => to !== undefined && setPicked(to),
    move: (how: 'next' | 'previous' | 'first' | 'last') => {
      scrollNext.current = true;
      setPicked(moveSelection(ids, id, how));
    },
  };
}
