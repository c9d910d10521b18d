import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import type { StorageDriver, StoredEntry } from './storage';

/** Kept files in an S3-compatible bucket (AWS, MinIO, Garage, Scaleway, OVH…), streamed both ways. */
export function s3Driver(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: many compatible servers refuse the chunked trailers
    // the SDK sends by default, and the content was already checked on our side.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const key = (name: string) => `${settings.prefix}${name}`;

  return {
    kind: 's3',
    async put(name, sourcePath, { size }) {
      // The length is known from the checked temporary file, so one streamed PUT is enough.
      await client.send(new PutObjectCommand({ Bucket, Key: key(name), Body: createReadStream(sourcePath), ContentLength: size }));
    },
    async open(name, range) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key(name), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        // A ranged answer carries the whole size after the slash: `bytes 0-99/12345`.
        const total = range ? Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1]) : object.ContentLength;
        return { size: total ?? 0, stream: object.Body as Readable };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
    },
    async list() {
      const entries: StoredEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) entries.push({ name: object.Key.slice(settings.prefix.length), modifiedAt: object.LastModified ?? new Date() });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return entries;
    },
    async probe() {
      const probe = key(`.probe-${randomBytes(6).toString('hex')}`);
      await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: 'ok' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: probe }));
    },
  };
}
