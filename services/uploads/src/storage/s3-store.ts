import { pipeline } from 'node:stream';
import { Client } from 'minio';
import { ByteLimit } from './byte-limit';
import { FileStore, RangeNotSatisfiableError, StoredObject, validateKey, validateRange } from './store';

export interface S3StoreConfig {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: MinIO and most self-hosted servers. */
  pathStyle: boolean;
  /**
   * Where browsers reach the same server, when not at endPoint (MinIO on a private network
   * behind a public name): presigned URLs name it. A URL like `https://files.example.com`.
   */
  publicEndpoint?: string;
}

/** S3 allows no smaller part but the last one. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, ...), through the `minio` client.
 *
 * put does not hand the stream to minio's putObject: for a stream of unknown length that
 * buffers a part of about 550 MB (so in practice the whole file), never settles when the
 * stream errors (it pipes without forwarding errors), and first lists the bucket's incomplete
 * multipart uploads to resume one. So put cuts the stream into parts itself: a file that fits
 * in one part is one PUT, a larger one a multipart upload holding one part in memory at a time,
 * aborted on failure.
 */
export class S3Store implements FileStore {
  readonly kind = 's3';
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly partSize: number;
  private readonly presigner: Client;

  constructor(config: S3StoreConfig, opts: { partSize?: number } = {}) {
    const { endPoint, port, useSSL, accessKey, secretKey, region, pathStyle } = config;
    // With the region given, minio never asks the server for the bucket's.
    this.client = new Client({ endPoint, port, useSSL, accessKey, secretKey, region, pathStyle });
    // Presigning is computed here, not asked of the server: a client for the public name signs
    // URLs for it (the signature covers the host).
    const pub = config.publicEndpoint ? new URL(config.publicEndpoint) : undefined;
    this.presigner = pub
      ? new Client({
          endPoint: pub.hostname,
          port: pub.port ? Number(pub.port) : pub.protocol === 'https:' ? 443 : 80,
          useSSL: pub.protocol === 'https:',
          accessKey,
          secretKey,
          region,
          pathStyle,
        })
      : this.client;
    this.bucket = config.bucket;
    this.region = region;
    this.partSize = opts.partSize ?? DEFAULT_PART_SIZE;
    if (this.partSize < MIN_PART_SIZE) throw new RangeError(`partSize must be at least ${MIN_PART_SIZE} bytes`);
  }

  async init(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (err) {
      if (errorCode(err) !== 'BucketAlreadyOwnedByYou') throw err; // another replica made it meanwhile
    }
  }

  async put(key: string, body: NodeJS.ReadableStream, opts: { contentType: string; maxBytes: number }): Promise<{ size: number }> {
    validateKey(key);
    const source = pipeline(body, new ByteLimit(opts.maxBytes), () => undefined);
    try {
      return { size: await this.upload(key, source, opts.contentType) };
    } catch (err) {
      source.destroy();
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    validateKey(key);
    try {
      const info = await this.client.statObject(this.bucket, key);
      const contentType = (info.metaData['content-type'] as string | undefined) ?? 'application/octet-stream';
      return { size: info.size, contentType, lastModified: info.lastModified };
    } catch (err) {
      if (isAbsent(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream | null> {
    validateKey(key);
    if (range) validateRange(range);
    try {
      if (!range) return await this.client.getObject(this.bucket, key);
      return await this.client.getPartialObject(this.bucket, key, range.start, range.end - range.start + 1);
    } catch (err) {
      if (isAbsent(err)) return null;
      if (range && errorCode(err) === 'InvalidRange') {
        const info = await this.stat(key);
        if (!info) return null;
        throw new RangeNotSatisfiableError(range.start, info.size);
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    validateKey(key);
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (err) {
      if (!isAbsent(err)) throw err;
    }
  }

  async presignedGetUrl(key: string, expirySeconds: number, headers: { contentDisposition: string; contentType: string }): Promise<string> {
    validateKey(key);
    return this.presigner.presignedGetObject(this.bucket, key, expirySeconds, {
      'response-content-disposition': headers.contentDisposition,
      'response-content-type': headers.contentType,
    });
  }

  /** Resolves with the size stored. At most one part (plus a stream chunk) is in memory. */
  private async upload(key: string, source: AsyncIterable<Buffer>, contentType: string): Promise<number> {
    const headers = { 'Content-Type': contentType };
    let chunks: Buffer[] = [];
    let buffered = 0;
    let size = 0;
    let multipart: MultipartUpload | undefined;
    let committing = false;
    try {
      for await (const chunk of source) {
        chunks.push(chunk);
        buffered += chunk.length;
        size += chunk.length;
        if (buffered < this.partSize) continue;
        multipart ??= new MultipartUpload(this.client, this.bucket, key, await this.client.initiateNewMultipartUpload(this.bucket, key, headers));
        await multipart.add(Buffer.concat(chunks));
        chunks = [];
        buffered = 0;
      }
      if (!multipart) {
        committing = true;
        await this.client.putObject(this.bucket, key, Buffer.concat(chunks), size, headers);
        return size;
      }
      if (buffered > 0) await multipart.add(Buffer.concat(chunks));
      committing = true;
      await multipart.complete();
      return size;
    } catch (err) {
      await multipart?.abort();
      // The object may exist if only the reply to the final request was lost. Before that
      // request, a failure leaves any earlier object under the key as it was.
      if (committing) await this.client.removeObject(this.bucket, key).catch(() => undefined);
      throw err;
    }
  }
}

class MultipartUpload {
  private readonly etags: { part: number; etag: string }[] = [];

  constructor(
    private readonly client: Client,
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
  ) {}

  async add(part: Buffer): Promise<void> {
    const partNumber = this.etags.length + 1;
    const { etag } = await this.client.uploadPart({ bucketName: this.bucket, objectName: this.key, uploadID: this.uploadId, partNumber, headers: {} }, part);
    this.etags.push({ part: partNumber, etag });
  }

  async complete(): Promise<void> {
    await this.client.completeMultipartUpload(this.bucket, this.key, this.uploadId, this.etags);
  }

  /** Best effort: the parts are never visible as an object either way (s3rver cannot abort). */
  async abort(): Promise<void> {
    await this.client.abortMultipartUpload(this.bucket, this.key, this.uploadId).catch(() => undefined);
  }
}

function errorCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** statObject (a HEAD) says NotFound, getObject NoSuchKey. */
function isAbsent(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'NotFound' || code === 'NoSuchKey';
}
