import { useSyncExternalStore } from 'react';
import { store, type State } from '../store/store';

/** The store's state; the calling view re-renders on every change (rows are memoized). */
export function useStore(): State {
  useSyncExternalStore(store.subscribe, store.getVersion);
  return store.state!;
}
