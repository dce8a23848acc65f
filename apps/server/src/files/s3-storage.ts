import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.js';
import {
  assertSafeKey,
  type ByteRange,
  type FileStorage,
  type ListedFile,
  type StoredFile,
} from './file-storage.js';

/** Files in an S3-compatible bucket (AWS, MinIO, Garage, R2, ...), under the same keys. */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(config: S3StorageConfig) {
    this.#bucket = config.bucket;
    this.#client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
      // Many S3-compatible servers do not know the SDK's newer default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await stat(sourcePath);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertSafeKey(key);
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      return {
        size: head.ContentLength ?? 0,
        modified: head.LastModified ?? new Date(0),
        contentType: head.ContentType ?? 'application/octet-stream',
        etag: head.ETag ?? `"${head.ContentLength ?? 0}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    const object = await this.#client.send(
      new GetObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    const body = object.Body;
    if (body instanceof Readable) return body;
    if (!body) return Readable.from([]);
    return Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    // A listing page holds at most 1,000 keys, as many as one DeleteObjects takes.
    let keys: string[] = [];
    const flush = async () => {
      if (keys.length === 1) await this.delete(keys[0] as string);
      else if (keys.length > 1) {
        await this.#client.send(
          new DeleteObjectsCommand({
            Bucket: this.#bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
      keys = [];
    };
    for await (const file of this.list(prefix)) {
      keys.push(file.key);
      if (keys.length === 1000) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key) yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.#client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}
