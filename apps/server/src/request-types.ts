import { apiKeys, type CollectionDefinition, superusers, users } from '@airgrid/schema';

// What every layer knows of a request: who is asking (a verified token's auth state) and what
// they sent (the record engine's view, file parts spooled to disk). Types and one constant,
// importing only @airgrid/schema, so http/'s request helpers and the areas (auth/, records/,
// the features) share them without http/ importing an area.

/** The name of the superusers' auth collection. */
export const SUPERUSERS = superusers.name;

/** The kinds of token a record can be issued (API-CONTRACT §5.4). */
export type TokenType = 'auth' | 'file' | 'verification' | 'passwordReset' | 'emailChange';

export interface TokenClaims {
  id: string;
  type: TokenType;
  collectionId: string;
  exp: number;
  refreshable?: boolean;
  email?: string;
  newEmail?: string;
}

/** A verified token: its auth record, the record's collection and the token's claims. */
export interface AuthState {
  collection: CollectionDefinition;
  record: Record<string, unknown>;
  token: string;
  claims: TokenClaims;
}

/** Who is asking, with what body, query and headers: what API rules and filters read. */
export interface RequestContext {
  auth: { collection: CollectionDefinition; record: Readonly<Record<string, unknown>> } | null;
  isSuperuser: boolean;
  body: Readonly<Record<string, unknown>>;
  query: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
  method: string;
  context: string;
}

/** A file part of a request, spooled to a temporary file. */
export interface UploadedFile {
  /** The multipart part's name, e.g. `avatar`, `documents+` (batch prefixes already removed). */
  fieldname: string;
  /** The name the client gave the file. */
  filename: string;
  /** The type the client claimed (informational: the content decides). */
  mimetype: string;
  /** Bytes received, even when more arrived than could be kept. */
  size: number;
  /** The temporary file ('' when nothing was kept). */
  path: string;
  /** More bytes arrived than the field allows: the content was dropped. */
  truncated: boolean;
}

/**
 * The organization a requester acts in as a member: a signed-in user's, or an API key's (a
 * key acts with its own role, viewer or editor, in its organization). '' for guests,
 * superusers and users of no organization. Features that only people may use (invites,
 * ownership, making keys) check for `users` themselves.
 */
export function memberOrganizationOf(
  auth: { collection: CollectionDefinition; record: Readonly<Record<string, unknown>> } | null,
): string {
  if (auth?.collection.name !== users.name && auth?.collection.name !== apiKeys.name) return '';
  const organization = auth.record.organization;
  return typeof organization === 'string' ? organization : '';
}

/**
 * A request the server answered, as http/ hands it to the request log (the operator area's
 * `/api/logs`): the URL and the error already redacted as the log lines are (log-redaction.ts),
 * so no token, key or password in a URL reaches whoever stores it.
 */
export interface AnsweredRequest {
  method: string;
  /** Path and query, secrets redacted. */
  url: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of its answer. */
  execTime: number;
  /** The requester's auth collection (`users`, `_superusers`, `api_keys`), or null for a guest. */
  authCollection: string | null;
  /** The requester's record id, or null for a guest. */
  authId: string | null;
  /** The client's address (X-Forwarded-For as TRUST_PROXY allows) and the socket's peer. */
  userIP: string;
  remoteIP: string;
  /** The message of the error the request ended in, secrets redacted. */
  error: string | null;
}

/** Takes each answered request; called on the request path, so it only buffers. */
export type RequestSink = (request: AnsweredRequest) => void;
