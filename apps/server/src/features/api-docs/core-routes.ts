import * as z from 'zod';

// PocketBase's routes beside the records API (API-CONTRACT §6–§8), declared with zod as the
// /api/v1 contracts are, for the API document. The server's handlers follow PocketBase's own
// semantics (the realtime stream, files, batches), so these declarations describe them rather
// than read their requests; the record routes are made per collection (record-routes.ts).

export interface CoreRoute {
  method: 'GET' | 'POST' | 'PUT' | 'HEAD' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  reply: z.ZodType;
  replyType?: string;
  status?: number;
}

const anyRecord = z.record(z.string(), z.unknown());

/** The reply of GET /api/openapi-index.json (openapi-document.ts's `documentIndex`). */
export const OPENAPI_INDEX = z.object({
  version: z.string().meta({ description: 'The server’s version, as in the document’s info.' }),
  operations: z.array(
    z.object({
      id: z.string().meta({ description: 'The operation id.' }),
      method: z.string().meta({ description: 'GET, POST…' }),
      path: z.string(),
      tag: z.string().meta({ description: 'The area it is listed under.' }),
      summary: z.string(),
    }),
  ),
});

const TUS =
  'Resumable uploads speak tus 1.0 (https://tus.io/protocols/resumable-upload), as ' +
  '`tus-js-client` does: its requests are told apart by their headers (`Tus-Resumable`, ' +
  '`Upload-Length`, `Upload-Offset`, `Upload-Metadata` naming the collection, record and ' +
  'field), and most answers are headers. The file joins its record when the last byte arrives.';
const uploadId = z.object({ id: z.string() });

const SUPERUSERS_ONLY =
  'Superusers only: a guest is refused with 401, any other record (a member, an API key) with 403.';
const COLLECTIONS_ARE_CODE =
  'Collections are defined in Airgrid’s code (packages/schema), so every write answers 405 ' +
  `with a message saying so. ${SUPERUSERS_ONLY}`;
const collectionParam = z.object({
  collection: z.string().meta({ description: 'The collection’s id or name.' }),
});
const collectionModel = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['base', 'auth', 'view']),
    system: z.boolean(),
    fields: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          type: z.string(),
          system: z.boolean(),
          hidden: z.boolean(),
          presentable: z.boolean(),
          required: z.boolean().optional(),
        })
        .catchall(z.unknown())
        .meta({
          description: 'A field, with the options of its type (max, values, collectionId…).',
        }),
    ),
    indexes: z.array(z.string()),
    listRule: z.string().nullable(),
    viewRule: z.string().nullable(),
    createRule: z.string().nullable(),
    updateRule: z.string().nullable(),
    deleteRule: z.string().nullable(),
    created: z.string(),
    updated: z.string(),
  })
  .catchall(z.unknown())
  .meta({
    description:
      'A collection as PocketBase describes it (auth collections add their sign-in options).',
  });
const settingsModel = z
  .object({
    meta: z.object({
      appName: z.string(),
      appURL: z.string(),
      senderName: z.string(),
      senderAddress: z.string(),
    }),
    smtp: z.object({
      enabled: z.boolean(),
      host: z.string(),
      port: z.number().int(),
      username: z.string(),
      password: z.literal('').meta({ description: 'Never sent back.' }),
      tls: z.boolean(),
      source: z.enum(['settings', 'environment', 'none']),
    }),
    backups: z.object({
      maxUploadSize: z
        .number()
        .int()
        .meta({ description: 'The largest archive an upload takes, in bytes.' }),
    }),
    environment: z.record(z.string(), z.string()),
  })
  .catchall(z.unknown())
  .meta({ description: 'The settings (s3, rateLimits, trustedProxy, oauth2, network besides).' });
const refused = z.null().meta({ description: 'Refused: collections are defined in code.' });
const backupKey = z.object({
  key: z.string().meta({ description: 'The backup’s file name, e.g. `nightly.zip`.' }),
});
const backupEntry = z.object({
  key: z.string(),
  size: z.number().int().meta({ description: 'Bytes.' }),
  modified: z.string().meta({ examples: ['2026-11-29 16:15:30.000Z'] }),
});
const BACKUP_HOLDS =
  'A backup is a ZIP of the database (SQLite’s online backup, or pg_dump on PostgreSQL): ' +
  'records, users, settings. Uploaded media stays in the file storage and is not copied.';
const BACKUP_BUSY = 'One backup or restore runs at a time: another is a 400.';

const listQuery = z.object({
  page: z.string().optional(),
  perPage: z.string().optional(),
  sort: z.string().optional(),
  filter: z.string().optional(),
  skipTotal: z.string().optional(),
  fields: z.string().optional(),
});
const logModel = z
  .object({
    id: z.string(),
    created: z.string(),
    level: z.number().int().meta({ description: 'slog’s level, as PocketBase: 0 info, 8 error.' }),
    message: z.string().meta({ examples: ['GET /api/health'] }),
    data: z
      .object({
        type: z.literal('request'),
        method: z.string(),
        url: z.string(),
        status: z.number().int(),
        execTime: z.number(),
        auth: z.string().meta({ description: 'The auth collection, or `guest`.' }),
        authId: z.string().optional(),
        userIP: z.string().optional(),
        remoteIP: z.string().optional(),
        error: z.string().optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ description: 'A line of the request log (PocketBase’s log).' });

export const CORE_ROUTES: readonly CoreRoute[] = [
  {
    method: 'GET',
    path: '/api/health',
    tag: 'Server',
    summary: 'Whether the server answers',
    description:
      'Anyone may ask. A superuser also hears whether backups are possible, their address as ' +
      'the server sees it and a proxy header it found.',
    reply: z.object({
      code: z.literal(200),
      message: z.literal('API is healthy.'),
      data: z.object({
        canBackup: z.boolean().optional(),
        realIP: z.string().optional(),
        possibleProxyHeader: z.string().optional(),
      }),
    }),
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Server',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of every route, made from the code at start.',
    reply: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' }),
  },
  {
    method: 'GET',
    path: '/api/openapi-index.json',
    tag: 'Server',
    summary: 'This document’s operations in brief',
    description:
      'Each operation’s id, method, path, area and summary, in the document’s order: what a ' +
      'list of the endpoints needs, a few kilobytes where the whole document is hundreds.',
    reply: OPENAPI_INDEX,
  },
  {
    method: 'POST',
    path: '/api/batch',
    tag: 'Records',
    summary: 'Several record writes in one transaction',
    description:
      'Up to 50 create, update, upsert and delete requests of the records API, all applied or ' +
      'none; each is checked against its collection’s rules as if sent alone.',
    body: z.object({
      requests: z
        .array(
          z.object({
            method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
            url: z.string().meta({ examples: ['/api/collections/shows/records'] }),
            headers: z.record(z.string(), z.string()).optional(),
            body: anyRecord.optional(),
          }),
        )
        .max(50),
    }),
    reply: z.array(z.object({ status: z.number().int(), body: z.unknown() })),
  },
  {
    method: 'GET',
    path: '/api/realtime',
    tag: 'Realtime',
    summary: 'Open the realtime stream',
    description:
      'A text/event-stream. The first event, `PB_CONNECT`, carries the client id that ' +
      '`POST /api/realtime` subscribes; then one event per change of a subscribed record, ' +
      'checked against its collection’s view rule. The SDK’s `pb.collection(name).subscribe()` ' +
      'does both.',
    reply: z.string().meta({ description: 'Server-sent events.' }),
    replyType: 'text/event-stream',
  },
  {
    method: 'POST',
    path: '/api/realtime',
    tag: 'Realtime',
    summary: 'Set the stream’s subscriptions',
    description:
      'Replaces the client’s subscriptions: `collection/*` for every record of a collection, ' +
      '`collection/id` for one, each optionally with `?options=` (a filter, expand, fields).',
    body: z.object({
      clientId: z.string(),
      subscriptions: z.array(z.string()).meta({ examples: [['timeslots/*']] }),
    }),
    reply: z.null().meta({ description: 'No content.' }),
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/files/{collection}/{recordId}/{filename}',
    tag: 'Files',
    summary: 'Download a record’s file',
    description:
      'Anyone who may view the record may read its files; a protected file (a show’s media) ' +
      'also needs `?token=` from `POST /api/files/token`. `thumb` asks for an image’s thumbnail ' +
      '(`100x100`, `400x0`…, as the field lists), `download=1` for an attachment.',
    params: z.object({ collection: z.string(), recordId: z.string(), filename: z.string() }),
    query: z.object({
      token: z.string().optional(),
      thumb: z.string().optional(),
      download: z.string().optional(),
    }),
    reply: z.string().meta({ description: 'The file’s bytes.', format: 'binary' }),
    replyType: 'application/octet-stream',
  },
  {
    method: 'POST',
    path: '/api/files/token',
    tag: 'Files',
    summary: 'A short-lived token for protected files',
    description: 'For a signed-in user: a token valid for about three minutes.',
    reply: z.object({ token: z.string() }),
  },
  {
    method: 'POST',
    path: '/api/v1/uploads',
    tag: 'Uploads',
    summary: 'Start a resumable upload (tus)',
    description: TUS,
    reply: z.null().meta({ description: 'Created: the upload’s address in `Location`.' }),
    status: 201,
  },
  {
    method: 'HEAD',
    path: '/api/v1/uploads/:id',
    tag: 'Uploads',
    summary: 'How much of an upload has arrived (tus)',
    description: TUS,
    params: uploadId,
    reply: z.null().meta({ description: 'The offset in `Upload-Offset`.' }),
  },
  {
    method: 'PATCH',
    path: '/api/v1/uploads/:id',
    tag: 'Uploads',
    summary: 'Send the next bytes of an upload (tus)',
    description: `${TUS} The body is the bytes (application/offset+octet-stream).`,
    params: uploadId,
    reply: z.null().meta({ description: 'The new offset in `Upload-Offset`.' }),
    status: 204,
  },
  {
    method: 'DELETE',
    path: '/api/v1/uploads/:id',
    tag: 'Uploads',
    summary: 'Give up an upload (tus)',
    description: TUS,
    params: uploadId,
    reply: z.null(),
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/collections',
    tag: 'Operator',
    summary: 'List the collections and their fields',
    description:
      `What \`pocketbase-typegen\` and the SDK's \`pb.collections\` read. ${SUPERUSERS_ONLY} ` +
      'Filter and sort by id, name, type, system, created and updated.',
    query: z.object({
      page: z.string().optional(),
      perPage: z.string().optional(),
      sort: z.string().optional(),
      filter: z.string().optional(),
      skipTotal: z.string().optional(),
      fields: z.string().optional(),
    }),
    reply: z.object({
      page: z.number().int(),
      perPage: z.number().int(),
      totalItems: z.number().int(),
      totalPages: z.number().int(),
      items: z.array(collectionModel),
    }),
  },
  {
    method: 'GET',
    path: '/api/collections/:collection',
    tag: 'Operator',
    summary: 'One collection and its fields',
    description: SUPERUSERS_ONLY,
    params: collectionParam,
    query: z.object({ fields: z.string().optional() }),
    reply: collectionModel,
  },
  {
    method: 'POST',
    path: '/api/collections',
    tag: 'Operator',
    summary: 'Create a collection (refused)',
    description: COLLECTIONS_ARE_CODE,
    reply: refused,
    status: 405,
  },
  {
    method: 'PATCH',
    path: '/api/collections/:collection',
    tag: 'Operator',
    summary: 'Change a collection (refused)',
    description: COLLECTIONS_ARE_CODE,
    params: collectionParam,
    reply: refused,
    status: 405,
  },
  {
    method: 'DELETE',
    path: '/api/collections/:collection',
    tag: 'Operator',
    summary: 'Delete a collection (refused)',
    description: COLLECTIONS_ARE_CODE,
    params: collectionParam,
    reply: refused,
    status: 405,
  },
  {
    method: 'PUT',
    path: '/api/collections/import',
    tag: 'Operator',
    summary: 'Import collections (refused)',
    description: COLLECTIONS_ARE_CODE,
    reply: refused,
    status: 405,
  },
  {
    method: 'DELETE',
    path: '/api/collections/:collection/truncate',
    tag: 'Operator',
    summary: 'Delete every record of a collection (refused)',
    description: COLLECTIONS_ARE_CODE,
    params: collectionParam,
    reply: refused,
    status: 405,
  },
  {
    method: 'GET',
    path: '/api/settings',
    tag: 'Operator',
    summary: 'The server’s settings',
    description:
      'PocketBase’s shape: meta (name, address, sender), smtp, s3, rateLimits, trustedProxy, ' +
      'plus oauth2 and network. Secrets read as "". `environment` lists what the environment ' +
      `sets (read-only here) and the variable to change. ${SUPERUSERS_ONLY}`,
    reply: settingsModel,
  },
  {
    method: 'PATCH',
    path: '/api/settings',
    tag: 'Operator',
    summary: 'Change the sender or the SMTP server',
    description:
      'Takes any part of the settings; what the environment sets may be sent back unchanged, ' +
      'a different value is refused with the variable to change. A saved SMTP password goes ' +
      `only to the server it was saved for: a new host or user needs it again. ${SUPERUSERS_ONLY}`,
    body: z.object({
      meta: z.object({ senderName: z.string(), senderAddress: z.string() }).partial().optional(),
      smtp: z
        .object({
          enabled: z.boolean(),
          host: z.string(),
          port: z.number().int(),
          username: z.string(),
          password: z.string(),
          tls: z.boolean(),
        })
        .partial()
        .optional(),
    }),
    reply: settingsModel,
  },
  {
    method: 'POST',
    path: '/api/settings/test/email',
    tag: 'Operator',
    summary: 'Send a test email with the current settings',
    description: `A sample of the named mail, sent as every mail is sent now. ${SUPERUSERS_ONLY}`,
    body: z.object({
      email: z.string(),
      template: z.enum(['verification', 'password-reset', 'email-change', 'otp', 'login-alert']),
      collection: z.string().optional(),
    }),
    reply: z.null(),
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/backups',
    tag: 'Operator',
    summary: 'List the backups',
    description: `The archives of the database, newest first. ${SUPERUSERS_ONLY}`,
    reply: z.array(backupEntry),
  },
  {
    method: 'POST',
    path: '/api/backups',
    tag: 'Operator',
    summary: 'Back up the database',
    description: `${BACKUP_HOLDS} ${BACKUP_BUSY} ${SUPERUSERS_ONLY}`,
    body: z.object({
      name: z.string().optional().meta({
        description: 'The file name, ending in .zip (default airgrid_backup_<time>.zip).',
      }),
    }),
    reply: z.null(),
    status: 204,
  },
  {
    method: 'POST',
    path: '/api/backups/upload',
    tag: 'Operator',
    summary: 'Add a backup made elsewhere',
    description:
      'Multipart, the archive in `file` (its name becomes the key). It must be an Airgrid backup ' +
      'of the same kind of database; larger than BACKUP_MAX_UPLOAD_MB is a 413. ' +
      SUPERUSERS_ONLY,
    reply: z.null(),
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/backups/:key',
    tag: 'Operator',
    summary: 'Download a backup',
    description:
      'Asked with a superuser’s file token (POST /api/files/token) in `token`, as ' +
      '`pb.backups.getDownloadURL(token, key)` builds it; anything else is a 403.',
    params: backupKey,
    query: z.object({ token: z.string() }),
    reply: z.string().meta({ description: 'The ZIP archive.' }),
    replyType: 'application/zip',
  },
  {
    method: 'DELETE',
    path: '/api/backups/:key',
    tag: 'Operator',
    summary: 'Delete a backup',
    description: SUPERUSERS_ONLY,
    params: backupKey,
    reply: z.null(),
    status: 204,
  },
  {
    method: 'POST',
    path: '/api/backups/:key/restore',
    tag: 'Operator',
    summary: 'Restore a backup',
    description:
      'Replaces the whole live database with the backup’s (every collection’s records, users, ' +
      'superusers, API keys, settings, queued jobs), then answers; realtime streams are closed ' +
      `and caches emptied. Uploaded media is not touched. ${BACKUP_BUSY} ${SUPERUSERS_ONLY}`,
    params: backupKey,
    reply: z.null(),
    status: 204,
  },
  {
    method: 'GET',
    path: '/api/logs',
    tag: 'Operator',
    summary: 'List the request log',
    description:
      `Every request the server answered, newest first, its secrets redacted. ${SUPERUSERS_ONLY} ` +
      'Filter and sort by id, created, level, message, data and data.<key> (status, method, ' +
      'url, execTime, auth, error, …), e.g. `data.status >= 400`.',
    query: listQuery,
    reply: z.object({
      page: z.number().int(),
      perPage: z.number().int(),
      totalItems: z.number().int(),
      totalPages: z.number().int(),
      items: z.array(logModel),
    }),
  },
  {
    method: 'GET',
    path: '/api/logs/stats',
    tag: 'Operator',
    summary: 'Requests per hour or minute',
    description: `How many lines of the request log match the filter, per hour over the retention window, or per minute over the last day with \`interval=minute\` (Airgrid's addition). ${SUPERUSERS_ONLY}`,
    query: z.object({
      filter: z.string().optional(),
      interval: z.enum(['hour', 'minute']).optional(),
      fields: z.string().optional(),
    }),
    reply: z.array(
      z.object({
        total: z.number().int(),
        date: z.string().meta({ examples: ['2026-11-29 16:00:00.000Z'] }),
      }),
    ),
  },
  {
    method: 'GET',
    path: '/api/logs/:id',
    tag: 'Operator',
    summary: 'One line of the request log',
    description: SUPERUSERS_ONLY,
    params: z.object({ id: z.string() }),
    query: z.object({ fields: z.string().optional() }),
    reply: logModel,
  },
  {
    method: 'GET',
    path: '/api/oauth2-redirect',
    tag: 'Auth',
    summary: 'Where an OAuth2 provider sends the browser back',
    description:
      'Hands the provider’s code to the SDK’s waiting `authWithOAuth2` through the realtime ' +
      'stream, then closes the popup (its small script is `/api/oauth2-redirect/close.js`).',
    query: z.object({ code: z.string().optional(), state: z.string().optional() }),
    reply: z.string().meta({ description: 'A page that closes itself.' }),
    replyType: 'text/html',
  },
  {
    method: 'POST',
    path: '/api/oauth2-redirect',
    tag: 'Auth',
    summary: 'Where an OAuth2 provider posts its answer (form_post)',
    body: z.object({ code: z.string().optional(), state: z.string().optional() }),
    reply: z.string().meta({ description: 'A page that closes itself.' }),
    replyType: 'text/html',
  },
  {
    method: 'GET',
    path: '/api/oauth2-redirect/close.js',
    tag: 'Auth',
    summary: 'The script of the OAuth2 redirect page',
    reply: z.string().meta({ description: 'JavaScript.' }),
    replyType: 'text/javascript',
  },
];
