import { Transform, TransformCallback } from 'node:stream';
import { TooLargeError } from './store';

/**
 * Passes bytes through and counts them; fails with a TooLargeError on the first chunk that
 * takes the count past `maxBytes`, so not one byte past the limit reaches storage.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new TooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}
