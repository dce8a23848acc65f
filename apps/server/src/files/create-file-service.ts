import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { FileService } from './file-service.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';

/**
 * The file service for a config: DATA_DIR/storage, or the S3 bucket when one is configured.
 * Uploads are spooled under DATA_DIR/tmp/uploads either way.
 */
export function createFileService(config: Config, log: FastifyBaseLogger): FileService {
  const storage =
    config.storage.kind === 's3'
      ? new S3Storage(config.storage)
      : new LocalStorage(config.storage.dir);
  return new FileService(storage, path.join(config.dataDir, 'tmp', 'uploads'), log);
}
