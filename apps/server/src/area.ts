import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthService } from './auth/auth-service.js';
import type { LoginAttemptsRepository } from './auth/login-attempts-repository.js';
import type { Mailer } from './auth/mailer.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { FileService } from './files/file-service.js';
import type { GuestUploads } from './files/guest-uploads.js';
import type { JobRunner } from './jobs/job-runner.js';
import type { MediaHolders } from './jobs/media-holders.js';
import type { Notifier } from './notifications/notifier.js';
import type { PublicReadCache } from './public-reads/public-read-cache.js';
import type { CollectionModule } from './records/collection-module.js';
import type { RecordEvent } from './records/record-events.js';
import type { RecordService } from './records/record-service.js';
import type { RequestSink } from './request-types.js';

// An area is a folder of features/ (docs/architecture.md): its collections' rules and hooks, its
// repositories, services, routes and jobs. It says what it brings in one `area.ts` exporting an
// `Area`; main.ts builds the core, then starts every area of features/index.ts in turn. An area
// imports the core and never another area; the core never imports an area.

/** A Fastify plugin holding routes (http/app.ts's RoutePlugin, said again: only main.ts imports http/). */
type RoutePlugin = (app: FastifyInstance) => Promise<void> | void;

/** What the core gives every area, built once by main.ts before any area starts. */
export interface Core {
  config: Config;
  database: DatabaseHandle;
  /** "Now" for everything the area builds (tests move it). */
  clock: Clock;
  log: FastifyBaseLogger;
  /** The token-signing secret: areas derive their own keys from it (e.g. a SecretBox). */
  secret: string;
  records: RecordService;
  files: FileService;
  auth: AuthService;
  /** Background jobs: register a handler per job kind, enqueue work. */
  jobs: JobRunner;
  /** The collections whose media the media jobs read: an area registers those it holds. */
  media: MediaHolders;
  notifier: Notifier;
  mailer: Mailer;
  /** Cached public reads (guide, feeds, pages), aged by every committed change. */
  publicReads: PublicReadCache;
  /** Counters in a time window (sign-in throttle, submission limits), shared by every node. */
  loginAttempts: LoginAttemptsRepository;
  /** The current slug of an organization that used to be called `former` (old URLs redirect). */
  currentSlugOf(former: string): Promise<string | null>;
  /** Says an auth record changed outside the record engine: cached tokens are checked again. */
  authRecordsChanged(): void;
  /**
   * Says the whole database was replaced (a backup restored): cached tokens and public reads
   * are dropped and realtime streams closed (clients reconnect and are checked again).
   */
  databaseReplaced(): void;
  /** Lets guests upload to a collection's file field on the terms the area sets. */
  allowGuestUploads(guests: GuestUploads): void;
  /** Makes a value reachable on the Fastify app (tests poke the webhook sender through it). */
  expose<K extends keyof AreaExposed>(name: K, value: AreaExposed[K]): void;
  /** Runs as the server starts closing, before open requests drain (stop taking new work). */
  beforeClose(step: () => void | Promise<void>): void;
  /** Runs once the server has closed (stop timers, close what the area opened). */
  onClose(step: () => void | Promise<void>): void;
  /**
   * Hands every request the server answers to the sink as it completes, its URL and error
   * redacted as log lines are (the request log of `/api/logs`). The sink runs on the request
   * path: it must only buffer.
   */
  recordRequests(sink: RequestSink): void;
  /** Options tests pass to shorten an area's timings, by area name. */
  options: AreaOptions;
}

/** What areas may put on the app for tests (see `Core.expose`). */
// biome-ignore lint/suspicious/noEmptyInterface: areas add to it with declaration merging.
export interface AreaExposed {}

/** Per-area options from `StartOptions` (tests shorten timings with them). */
// biome-ignore lint/suspicious/noEmptyInterface: areas add to it with declaration merging.
export interface AreaOptions {}

/** What a started area hands back. */
export interface StartedArea {
  /** Its HTTP routes, registered after the core's, in the order of the list of areas. */
  routes?: readonly RoutePlugin[];
  /** Sees the writes this node commits (once each, on the node that made them). */
  observe?(events: readonly RecordEvent[]): void;
}

export interface Area {
  /** The folder's name under features/. */
  name: string;
  /** The rules and hooks of the collections this area owns (their definitions: packages/schema). */
  collections?: readonly CollectionModule[];
  /** Builds the area's repositories and services, registers its jobs, returns its routes. */
  start(core: Core): StartedArea | Promise<StartedArea>;
}

/** Declares an area (an identity function: it gives `start` its types). */
export function defineArea(area: Area): Area {
  return area;
}
