import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';

describe('MEDIA_STORE and the S3 settings', () => {
  const s3 = { MEDIA_STORE: 's3', S3_BUCKET: 'media' };

  it('keeps media on the local disk unless told otherwise', () => {
    expect(readConfig({}).mediaStore).toEqual({ s3: null, publicUrl: null });
    expect(readConfig({ MEDIA_STORE: 'local' }).mediaStore).toEqual({ s3: null, publicUrl: null });
  });

  it('reads the bucket, its address and its keys', () => {
    const env = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true', MEDIA_PUBLIC_URL: 'https://cdn.example.com/m/' };
    expect(readConfig(env).mediaStore).toEqual({
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'auto', bucket: 'media', credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, forcePathStyle: true },
      publicUrl: 'https://cdn.example.com/m',
    });
    // AWS S3 itself, with the machine's own credentials.
    expect(readConfig(s3).mediaStore.s3).toEqual({ endpoint: null, region: 'us-east-1', bucket: 'media', credentials: null, forcePathStyle: false });
  });

  it('stops the start with a reason an operator can act on', () => {
    expect(() => readConfig({ MEDIA_STORE: 'minio' })).toThrow('MEDIA_STORE must be local (the default) or s3, got "minio".');
    expect(() => readConfig({ MEDIA_STORE: 's3' })).toThrow(/needs S3_BUCKET/);
    expect(() => readConfig({ ...s3, S3_BUCKET: 'My_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => readConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an absolute http\(s\) address/);
    expect(() => readConfig({ ...s3, S3_ACCESS_KEY_ID: 'id' })).toThrow(/both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/);
    expect(() => readConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(() => readConfig({ ...s3, MEDIA_PUBLIC_URL: 'cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL must be an absolute http\(s\) address/);
    expect(() => readConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/needs MEDIA_STORE=s3/);
  });
});
