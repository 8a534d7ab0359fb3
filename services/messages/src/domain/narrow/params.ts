/** Collects SQL parameters: add(value) returns "$n", numbering from startAt (default 1). */
export class SqlParams {
  readonly values: unknown[] = [];

  constructor(private readonly startAt = 1) {}

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.startAt + this.values.length - 1}`;
  }
}
