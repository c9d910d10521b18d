import fs from 'node:fs/promises';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../config';
import { diskDriver, Storage, type StorageDriver } from '../lib/storage';

/**
 * Which storage the API tests keep files in: the uploads folder, or with TEST_STORAGE=s3 (the
 * `*-s3` Vitest projects) a real S3 protocol server run in process (s3rver).
 */
export const testStorageKind: 'disk' | 's3' = process.env.TEST_STORAGE === 's3' ? 's3' : 'disk';

export interface S3TestServer {
  settings: S3Settings;
  close(): Promise<void>;
}

/** An S3 server (s3rver) on a free local port, keeping its objects under `directory`, with one empty bucket. */
export async function startS3Server(directory: string, bucket = 'ecoforma-test'): Promise<S3TestServer> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  };
  const client = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return { settings, close: () => server.close() };
}

/** S3_* variables for a server process using `settings`. */
export function s3Environment(settings: S3Settings): Record<string, string> {
  return {
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: settings.endpoint ?? '',
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  };
}

/** The storage of one test app under `dataDir`, and what stops it. */
export async function openTestStorage(dataDir: string, uploadsDir: string): Promise<{ storage: Storage; close(): Promise<void> }> {
  const incomingRoot = path.join(dataDir, 'incoming');
  if (testStorageKind === 'disk') return { storage: new Storage(diskDriver(uploadsDir), incomingRoot), close: async () => {} };
  const directory = path.join(dataDir, 's3rver');
  await fs.mkdir(directory, { recursive: true });
  const server = await startS3Server(directory);
  const { s3Driver } = await import('../lib/s3-storage');
  return { storage: new Storage(s3Driver(server.settings), incomingRoot), close: () => server.close() };
}

export type DiskFailure = 'ENOSPC' | 'EROFS' | 'EACCES';

/** The error Node gives for a full disk (ENOSPC), a read-only one (EROFS) or a refused write (EACCES). */
export function diskError(code: DiskFailure): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: écriture refusée par le stockage de test`);
  error.code = code;
  return error;
}

/**
 * A driver whose writes fail with the code `failure()` gives (none: they succeed); reads still
 * work. Tests run as root, which file permissions do not stop, so this is how a full or
 * read-only disk is made.
 */
export function failingWrites(inner: StorageDriver, failure: () => DiskFailure | null): StorageDriver {
  const guarded = <T>(write: () => Promise<T>): Promise<T> => {
    const code = failure();
    return code ? Promise.reject(diskError(code)) : write();
  };
  return {
    kind: inner.kind,
    put: (name, sourcePath, options) => guarded(() => inner.put(name, sourcePath, options)),
    open: (name, range) => inner.open(name, range),
    remove: (name) => inner.remove(name),
    list: () => inner.list(),
    probe: () => guarded(() => inner.probe()),
  };
}
