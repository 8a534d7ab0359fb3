import { join } from 'node:path';
import { ConfigError } from '@parley/common';
import { createFileStore, readStorageConfig } from './config';
import { FolderStore } from './folder-store';
import { S3Store } from './s3-store';

const s3Env = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret' };

describe('readStorageConfig', () => {
  it('defaults to the uploads folder in PARLEY_DATA_DIR', () => {
    expect(readStorageConfig({ PARLEY_DATA_DIR: '/var/lib/parley' })).toEqual({ kind: 'folder', root: '/var/lib/parley/uploads' });
    expect(readStorageConfig({})).toEqual({ kind: 'folder', root: join('.data', 'uploads') });
  });

  it('takes the folder from LOCAL_UPLOADS_DIR', () => {
    expect(readStorageConfig({ PARLEY_DATA_DIR: '/data', LOCAL_UPLOADS_DIR: '/srv/files' })).toEqual({ kind: 'folder', root: '/srv/files' });
  });

  it('reads S3 when S3_ENDPOINT is set, with defaults for the rest', () => {
    expect(readStorageConfig(s3Env)).toEqual({
      kind: 's3',
      endPoint: '127.0.0.1',
      port: 9000,
      useSSL: false,
      accessKey: 'key',
      secretKey: 'secret',
      bucket: 'parley-uploads',
      region: 'us-east-1',
      pathStyle: true,
    });
  });

  it('reads every S3 setting', () => {
    const config = readStorageConfig({
      ...s3Env,
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'chat.files-1',
      S3_REGION: 'eu-west-3',
      S3_PATH_STYLE: 'false',
    });
    expect(config).toMatchObject({ endPoint: 's3.example.com', port: 443, useSSL: true, bucket: 'chat.files-1', region: 'eu-west-3', pathStyle: false });
    expect(readStorageConfig({ ...s3Env, S3_ENDPOINT: 'http://minio' })).toMatchObject({ port: 80, useSSL: false });
  });

  it('reads S3_PUBLIC_ENDPOINT, the name browsers use for presigned URLs', () => {
    expect(readStorageConfig({ ...s3Env, S3_PUBLIC_ENDPOINT: 'https://files.example.com' })).toMatchObject({ endPoint: '127.0.0.1', publicEndpoint: 'https://files.example.com' });
    expect(readStorageConfig(s3Env)).not.toHaveProperty('publicEndpoint', expect.anything());
    expect(() => readStorageConfig({ ...s3Env, S3_PUBLIC_ENDPOINT: 'https://files.example.com/bucket' })).toThrow('S3_PUBLIC_ENDPOINT must be a scheme, host and optional port');
    expect(() => readStorageConfig({ S3_PUBLIC_ENDPOINT: 'https://files.example.com' })).toThrow('S3_PUBLIC_ENDPOINT is set but S3_ENDPOINT is not');
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(readStorageConfig({}))).toBe(true);
    expect(Object.isFrozen(readStorageConfig(s3Env))).toBe(true);
  });

  it.each([
    [{ S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT is not a valid URL'],
    [{ S3_ENDPOINT: 'ftp://host' }, 'S3_ENDPOINT must use http: or https:, got ftp:'],
    [{ S3_ENDPOINT: 'http://host:9000/prefix' }, 'S3_ENDPOINT must be a scheme, host and optional port'],
    [{ S3_ENDPOINT: 'http://user:pw@host' }, 'S3_ENDPOINT must be a scheme, host and optional port'],
    [{ S3_BUCKET: 'Uploads' }, "S3_BUCKET must be 3 to 63 lowercase letters, digits, dots and hyphens; got 'Uploads'"],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET must be'],
    [{ S3_BUCKET: 'a..b' }, 'S3_BUCKET must be'],
    [{ S3_PATH_STYLE: 'maybe' }, "S3_PATH_STYLE must be true or false, got 'maybe'"],
    [{ S3_ACCESS_KEY: '' }, 'S3_ACCESS_KEY must be set when S3_ENDPOINT is'],
    [{ S3_SECRET_KEY: undefined }, 'S3_SECRET_KEY must be set when S3_ENDPOINT is'],
  ])('refuses %j with a ConfigError', (override, message) => {
    const read = () => readStorageConfig({ ...s3Env, ...override });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });

  it('refuses S3 settings without S3_ENDPOINT', () => {
    expect(() => readStorageConfig({ S3_BUCKET: 'files' })).toThrow(new ConfigError('S3_BUCKET is set but S3_ENDPOINT is not; set S3_ENDPOINT to store uploads in S3'));
  });
});

describe('createFileStore', () => {
  it('makes the store the configuration names', () => {
    expect(createFileStore({ kind: 'folder', root: '/tmp/x' })).toBeInstanceOf(FolderStore);
    const s3 = createFileStore(readStorageConfig(s3Env));
    expect(s3).toBeInstanceOf(S3Store);
    expect(s3.kind).toBe('s3');
  });
});
