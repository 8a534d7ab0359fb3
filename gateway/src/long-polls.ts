/**
 * The long polls (GET /events) this gateway holds open. When it shuts down it answers them
 * at once with no events — the client polls again from the same last_event_id, through
 * another replica — instead of holding the shutdown until their heartbeats are due.
 */
export class LongPolls {
  private readonly open = new Set<AbortController>();
  private drainingNow = false;

  get draining(): boolean {
    return this.drainingNow;
  }

  track(call: AbortController): void {
    this.open.add(call);
  }

  untrack(call: AbortController): void {
    this.open.delete(call);
  }

  /** From now on every long poll, open or new, answers at once. */
  drain(): void {
    this.drainingNow = true;
    for (const call of this.open) call.abort();
  }

  get size(): number {
    return this.open.size;
  }
}
