import { createHash } from 'node:crypto';
import path from 'node:path';
import { formatBytes } from '@airgrid/domain';
import { type FileField, findField } from '@airgrid/schema';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { type AuthService, type AuthState, SUPERUSERS } from '../auth/auth-service.js';
import { type Clock, systemClock } from '../clock.js';
import { ApiError, type ErrorData, errorEnvelope } from '../errors/api-error.js';
import type { GuestUploads } from '../files/guest-uploads.js';
import type { UploadedFile } from '../records/record-files.js';
import {
  type RecordRequest,
  type RecordService,
  serverRequest,
} from '../records/record-service.js';

// Resumable uploads (the tus protocol, docs/decisions/0027): a file a record's file field takes
// (a show's hour-long media, later podcast audio and captions) arrives in as many requests as the
// network needs, into DATA_DIR/tmp/tus; once its last byte is in, it goes through the record
// engine's file pipeline like a multipart upload (type by content, the field's limits, storage,
// realtime) and the tus copy is gone.

export const UPLOADS_PATH = '/api/v1/uploads';
/** An upload nobody touched for a day is deleted. */
const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;
/** Largest upload of any kind (the fields' own limits are smaller or equal). */
const MAX_UPLOAD_BYTES = 8 * 1024 ** 3;

/** The header a guest's upload carries instead of a sign-in: the record's own secret. */
const GUEST_UPLOAD_HEADER = 'x-upload-token';

/** Who began an upload: a signed-in user, or a guest holding a record's token. */
type Uploader = { kind: 'user'; state: AuthState } | { kind: 'guest'; guest: GuestUploads };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The metadata a client sends with a new upload (tus `Upload-Metadata`). */
const REQUIRED_METADATA = ['collection', 'record', 'field', 'filename'] as const;

/** A tus hook's refusal: the status and PocketBase's error envelope as the body. */
function refusal(status: number, message: string, data: ErrorData = {}) {
  return {
    status_code: status,
    body: JSON.stringify(errorEnvelope(status, message, data)),
  };
}

interface UploadRequest {
  headers: Headers;
}

export class UploadService {
  readonly server: Server;
  readonly #store: FileStore;
  readonly #guests = new Map<string, GuestUploads>();

  constructor(
    private readonly records: RecordService,
    private readonly auth: AuthService,
    dataDir: string,
    private readonly log: FastifyBaseLogger,
    /**
     * "Now" for the sweep of abandoned uploads (tests move it a day on). The system clock by
     * default: tus stamps an upload's start with the real time, so a moved clock must move
     * from there.
     */
    private readonly clock: Clock = systemClock,
  ) {
    this.#store = new FileStore({
      directory: path.join(dataDir, 'tmp', 'tus'),
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.#store,
      relativeLocation: true,
      maxSize: MAX_UPLOAD_BYTES,
      onIncomingRequest: (request, id) => this.checkOwner(request, id),
      onUploadCreate: (request, upload) => this.create(request, upload),
      onUploadFinish: (request, upload) => this.finish(request, upload),
    });
  }

  /** Lets guests holding a record's token fill that collection's file field. */
  allowGuests(guests: GuestUploads): this {
    this.#guests.set(guests.collection, guests);
    return this;
  }

  /**
   * Deletes uploads left unfinished a day after they began, a day on this service's clock
   * (the tus store's own sweep reads Date.now()); returns how many went.
   */
  async cleanUpExpired(): Promise<number> {
    const now = this.clock.now();
    const { configstore } = this.#store;
    let deleted = 0;
    for (const id of (await configstore.list?.()) ?? []) {
      const upload = await configstore.get(id).catch(() => undefined);
      if (!upload?.creation_date || upload.offset === upload.size) continue;
      if (now <= Date.parse(upload.creation_date) + UPLOAD_EXPIRY_MS) continue;
      // Its bytes may be gone already (a crash mid-delete): its info goes either way.
      await this.#store.remove(id).catch(() => configstore.delete(id));
      deleted += 1;
    }
    return deleted;
  }

  /** The requester, or a 401 refusal. */
  private async requester(request: UploadRequest): Promise<AuthState> {
    const token = request.headers.get('authorization') ?? '';
    const state = token ? await this.auth.verify(token, 'auth') : null;
    if (!state) throw refusal(401, 'Sign in to upload files.');
    return state;
  }

  private recordRequest(state: AuthState): RecordRequest {
    return {
      auth: { collection: state.collection, record: state.record },
      isSuperuser: state.collection.name === SUPERUSERS,
      body: {},
      query: {},
      headers: {},
      method: 'PATCH',
      context: 'default',
    };
  }

  /** The file field an upload is for, or a 400 naming what is wrong. */
  private fieldOf(metadata: Upload['metadata']): { collection: string; field: FileField } {
    const missing = REQUIRED_METADATA.filter((key) => !metadata?.[key]);
    if (missing.length) {
      throw refusal(
        400,
        `The upload must say ${missing.join(', ')} in its Upload-Metadata.`,
        Object.fromEntries(
          missing.map((key) => [key, { code: 'validation_required', message: 'Cannot be blank.' }]),
        ),
      );
    }
    const collection = String(metadata?.collection);
    const module = this.records.findModule(collection);
    const field = module && findField(module.definition, String(metadata?.field));
    if (!module || field?.type !== 'file') {
      throw refusal(
        400,
        `The ${collection} collection has no file field named ${String(metadata?.field)}.`,
        {
          field: { code: 'validation_invalid_value', message: 'Must be a file field.' },
        },
      );
    }
    return { collection: module.definition.name, field };
  }

  /** A new upload: the requester may change that record, and the field takes a file that big. */
  private async create(request: UploadRequest, upload: Upload) {
    const { collection, field } = this.fieldOf(upload.metadata);
    const guestToken = request.headers.get(GUEST_UPLOAD_HEADER) ?? '';
    const guest =
      !request.headers.get('authorization') && guestToken
        ? this.#guests.get(collection)
        : undefined;
    const state = guest ? null : await this.requester(request);
    const filename = String(upload.metadata?.filename);
    if (upload.size === undefined)
      throw refusal(400, 'The upload must give its length (Upload-Length).');
    if (upload.size > field.maxSize) {
      throw refusal(
        413,
        `"${filename}" is ${formatBytes(upload.size)}: this field takes files up to ${formatBytes(field.maxSize)}.`,
        {
          [field.name]: {
            code: 'validation_file_size_limit',
            message: `Up to ${formatBytes(field.maxSize)}.`,
          },
        },
      );
    }
    const record = String(upload.metadata?.record);
    if (guest) {
      if (field.name !== guest.field || !(await guest.allows(record, guestToken)))
        throw refusal(404, 'The record to attach the file to was not found.');
      // Only the holder of the same token may continue, look at or cancel the upload.
      return { metadata: { ...upload.metadata, owner: `guest:${hashOf(guestToken)}` } };
    }
    if (
      !state ||
      !(await this.records.mayUpdate(collection, record, {}, this.recordRequest(state)))
    )
      throw refusal(404, 'The record to attach the file to was not found.');
    // Only its owner may continue, look at or cancel the upload.
    return { metadata: { ...upload.metadata, owner: String(state.record.id) } };
  }

  /** Who sends this request of an upload begun by `owner`, or a refusal. */
  private async uploader(
    request: UploadRequest,
    owner: string,
    collection: string,
  ): Promise<Uploader> {
    if (owner.startsWith('guest:')) {
      const guest = this.#guests.get(collection);
      const token = request.headers.get(GUEST_UPLOAD_HEADER) ?? '';
      if (!guest || !token || `guest:${hashOf(token)}` !== owner)
        throw refusal(404, 'The upload was not found.');
      return { kind: 'guest', guest };
    }
    const state = await this.requester(request);
    if (owner !== String(state.record.id)) throw refusal(404, 'The upload was not found.');
    return { kind: 'user', state };
  }

  /** Every later request of an upload (HEAD, PATCH, DELETE) comes from the one who began it. */
  private async checkOwner(request: UploadRequest & { method: string }, id: string) {
    if (request.method === 'POST' || request.method === 'OPTIONS') return;
    const upload = await this.#store.getUpload(id).catch(() => undefined);
    if (!upload) {
      // tus answers 404 itself; a guest's request still needs no sign-in to hear it.
      if (!request.headers.get(GUEST_UPLOAD_HEADER)) await this.requester(request);
      return;
    }
    await this.uploader(
      request,
      String(upload.metadata?.owner ?? ''),
      String(upload.metadata?.collection ?? ''),
    );
  }

  /** The last byte is in: the record takes the file through the engine's file pipeline. */
  private async finish(request: UploadRequest, upload: Upload) {
    const { collection, field } = this.fieldOf(upload.metadata);
    const who = await this.uploader(request, String(upload.metadata?.owner ?? ''), collection);
    const file: UploadedFile = {
      fieldname: field.name,
      filename: String(upload.metadata?.filename),
      mimetype: String(upload.metadata?.filetype ?? ''),
      size: upload.offset,
      path: upload.storage?.path ?? path.join(this.#store.directory, upload.id),
      truncated: false,
    };
    const record = String(upload.metadata?.record);
    try {
      if (who.kind === 'guest') {
        // The token was checked when the upload began; the record may have moved on since, or
        // another upload of its file finished first.
        if (!(await who.guest.claim(record, request.headers.get(GUEST_UPLOAD_HEADER) ?? '')))
          throw new ApiError(404, 'The record to attach the file to was not found.');
        await this.records
          .update(collection, record, who.guest.changesOnFinish, serverRequest('PATCH'), [file])
          .catch(async (error: unknown) => {
            await who.guest.release(record).catch((releaseError: unknown) => {
              this.log.error({ err: releaseError, upload: upload.id }, 'claim not given back');
            });
            throw error;
          });
      } else {
        await this.records.update(collection, record, {}, this.recordRequest(who.state), [file]);
      }
    } catch (error) {
      if (error instanceof ApiError) throw refusal(error.status, error.message, error.data);
      this.log.error({ err: error, upload: upload.id }, 'finished upload not saved');
      throw refusal(500, '');
    } finally {
      // The file went to storage (or was refused): the upload's own files go either way.
      // (A file moved to storage leaves only its info behind.)
      await this.#store
        .remove(upload.id)
        .catch(() => this.#store.configstore.delete(upload.id))
        .catch(() => undefined);
    }
    if (who.kind === 'guest') {
      await who.guest.finished(record).catch((error: unknown) => {
        this.log.error({ err: error, upload: upload.id }, 'after a guest upload');
      });
    }
    return {};
  }
}
