import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where the server looks for the built web app when WEB_DIST is not set. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const SECRET_FILE = 'secret.key';
const MIN_SECRET_LENGTH = 32;

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string };

/** Outgoing mail: SMTP when a URL is given, otherwise mails go to the log and DATA_DIR/mail. */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
}

/** Files in an S3-compatible bucket instead of DATA_DIR/storage. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** Unset keys: the AWS SDK's default credential chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

/** Where uploaded files live: DATA_DIR/storage by default, or an S3 bucket. */
type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageConfig);

/** The OAuth2 sign-in providers Airgrid knows; `oidc` is any OpenID Connect provider. */
const OAUTH2_PROVIDERS = ['google', 'microsoft', 'github', 'oidc'] as const;
export type OAuth2ProviderName = (typeof OAUTH2_PROVIDERS)[number];

/** An OAuth2 provider the operator configured (OAUTH2_<NAME>_CLIENT_ID and _CLIENT_SECRET). */
export interface OAuth2ProviderConfig {
  name: OAuth2ProviderName;
  clientId: string;
  clientSecret: string;
  /** Microsoft: the tenant (`common`, `organizations`, `consumers` or a tenant id). */
  tenant?: string;
  /** OpenID Connect: the issuer whose discovery document names the endpoints. */
  issuer?: string;
  /** OpenID Connect: the button's name, e.g. "Keycloak". */
  displayName?: string;
}

/** Fastify's trustProxy: whether X-Forwarded-For names the client (behind a reverse proxy). */
type TrustProxy = boolean | number | string;

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** At most `max` requests per `windowMs` from one address. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** `300/10s`, `60/1m` or `off`. */
function parseRateLimit(value: string): RateLimit | null {
  if (value === 'off') return null;
  const [, max = '0', amount = '0', unit = 's'] = /^(\d+)\/(\d+)(s|m|h)$/.exec(value) ?? [];
  const unitMs = { s: 1000, m: 60_000, h: 3_600_000 }[unit] ?? 1000;
  return { max: Number(max), windowMs: Number(amount) * unitMs };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  appUrl: string;
  /**
   * The key tokens are signed with. Null on PostgreSQL without AIRGRID_SECRET: every node then
   * shares the one kept in the database (see db/shared-secret.ts), resolved at start-up.
   */
  secret: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy, the client address comes from X-Forwarded-For (rate limits use it). */
  trustProxy: TrustProxy;
  /** Where other nodes reach this one (PostgreSQL with several nodes); derived when unset. */
  nodeUrl: string | undefined;
  /** An external survey the web app's feedback modal embeds instead of its built-in form. */
  feedbackUrl: string | undefined;
  /** Server processes sharing the port (decision 0008); on PostgreSQL each is a node of its own. */
  workers: number;
  /**
   * PASSWORD_HASH_COST: bcrypt's cost for new password hashes (10, as PocketBase; each step
   * doubles the work). Test servers lower it: every test account costs a hash and a check.
   */
  passwordHashCost: number;
  /** Signed-out requests to /api one address may make per window; null: no limit. */
  guestRateLimit: RateLimit | null;
  /** Submissions one address may send from the public form per window; null: no limit. */
  submissionRateLimit: RateLimit | null;
  /** Requests one API key may make per window (API_KEY_RATE_LIMIT), or null for no limit. */
  apiKeyRateLimit: RateLimit | null;
  webDist: string;
  mail: MailConfig;
  storage: StorageConfig;
  /** OAuth2 sign-in providers, in the order the sign-in page shows them; empty: password only. */
  oauth2: OAuth2ProviderConfig[];
  /** The speech recognizer behind "Generate captions". */
  autoCaptions: AutoCaptionsConfig;
  /**
   * WEBHOOKS_ALLOW_PRIVATE: webhooks may reach loopback and private addresses (and http on
   * loopback). Off by default: the server must not be made to call services on its network.
   */
  webhooksAllowPrivate: boolean;
  /**
   * DEMO_PLAYOUT: the demo station's first channel airs through Airgrid playout, its shows given
   * sample media and packaged in the background on the first run (`serve --demo`). On by
   * default; the browser tests turn it off (it costs a few minutes of ffmpeg).
   */
  demoPlayout: boolean;
  /**
   * PLAYOUT_READINESS_NOTICE_HOURS: how long before air a playout channel's owners, admins and
   * editors are told of a problem (a show with no media or not packaged, media cut, a long gap),
   * once each. 2 by default; 0 tells nobody.
   */
  playoutReadinessNoticeHours: number;
  /**
   * CABLECAST_ALLOW_PRIVATE: the Cablecast address may be on loopback, private and link-local
   * networks (a station whose Cablecast server sits on its own network). Off by default.
   */
  cablecastAllowPrivate: boolean;
  /** BACKUP_MAX_UPLOAD_MB: the largest backup archive POST /api/backups/upload takes, in bytes. */
  backupMaxUploadBytes: number;
  /** The request log superusers read at /api/logs (PocketBase's logs settings). */
  logs: LogsConfig;
}

/** What the request log keeps, and for how long. */
export interface LogsConfig {
  /** LOGS_MAX_DAYS: days a request's line is kept; 0 records nothing (and purges what was). */
  maxDays: number;
  /** LOGS_IP: store the client's address with each line (off by default). */
  logIP: boolean;
  /** LOGS_AUTH_ID: store the requester's record id with each line (off, as in PocketBase). */
  logAuthId: boolean;
}

/**
 * Auto-captions: Debian's pocketsphinx by default, or an engine the operator installed, run as
 * a command with `{input}` (a 16 kHz mono WAV file) and `{output}` (where it may write
 * `{output}.vtt`, `.srt` or `.json`) in its text.
 */
export interface AutoCaptionsConfig {
  command: string | undefined;
  /** The language (BCP 47) the engine recognizes. */
  language: string;
}

/** A bad environment value: the message names the variable and says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const PORT_RULE = 'must be a whole number between 0 and 65535 (0 picks a free port)';
/** bcrypt's cost for new hashes (records/passwords.ts); a hash keeps the cost it was made with. */
export const DEFAULT_PASSWORD_HASH_COST = 10;
const PASSWORD_HASH_COST_RULE =
  'must be a whole number from 4 to 15 (10 by default; below 10 only for test servers)';
const BACKUP_MAX_UPLOAD_RULE = 'must be a whole number of MiB from 1 to 1000000 (2048 by default)';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DEFAULT_MAIL_FROM = 'Airgrid <no-reply@localhost>';
// `Name <address>` or a bare address; the address needs an @ with text on both sides.
const MAILBOX = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  if (!/^smtps?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** A value as the error message shows it: an SMTP URL's password is masked. */
function shown(name: string, raw: string | undefined): string {
  if (name === 'SMTP_URL' && raw) return JSON.stringify(raw.replace(/(\/\/[^:/@]*:).*@/, '$1***@'));
  if ((name === 'S3_SECRET_ACCESS_KEY' || name.endsWith('_CLIENT_SECRET')) && raw) return '"***"';
  return JSON.stringify(raw);
}

// Each variable is checked on its own so the message names exactly the one that is wrong.
const variables = {
  PORT: z.coerce
    .number({ error: PORT_RULE })
    .int(PORT_RULE)
    .min(0, PORT_RULE)
    .max(65535, PORT_RULE)
    .default(8090),
  HOST: z.string().trim().min(1, 'must not be empty').default('localhost'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => value === '' || /^postgres(ql)?:\/\/.+/.test(value), {
      message: 'must be a postgres:// (or postgresql://) URL, or unset for the embedded SQLite',
    })
    .optional(),
  APP_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute http(s) URL, e.g. https://tv.example.org',
    })
    .optional(),
  AIRGRID_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WEB_DIST: z.string().trim().min(1, 'must not be empty').optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine(isSmtpUrl, {
      message: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587',
    })
    .optional(),
  NODE_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute http(s) URL other nodes reach this one at',
    })
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+|[\d.:/a-fA-F]+(\s*,\s*[\d.:/a-fA-F]+)*)$/, {
      message:
        'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAILBOX, 'must be an email address, optionally with a name: Airgrid TV <tv@example.org>')
    .default(DEFAULT_MAIL_FROM),
  WORKERS: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'must be auto or a number of processes from 1 to 999')
    .default('1'),
  PASSWORD_HASH_COST: z.coerce
    .number({ error: PASSWORD_HASH_COST_RULE })
    .int(PASSWORD_HASH_COST_RULE)
    .min(4, PASSWORD_HASH_COST_RULE)
    .max(15, PASSWORD_HASH_COST_RULE)
    .default(DEFAULT_PASSWORD_HASH_COST),
  GUEST_RATE_LIMIT: z
    .string()
    .trim()
    .regex(/^(off|[1-9]\d{0,6}\/[1-9]\d{0,4}(s|m|h))$/, {
      message: 'must be off or requests per window, e.g. 300/10s, 60/1m or 1000/1h',
    })
    .default('300/10s'),
  API_KEY_RATE_LIMIT: z
    .string()
    .trim()
    .regex(/^(off|[1-9]\d{0,6}\/[1-9]\d{0,4}(s|m|h))$/, {
      message: 'must be off or requests per window, e.g. 1200/1m or 100/10s',
    })
    .default('1200/1m'),
  SUBMISSION_RATE_LIMIT: z
    .string()
    .trim()
    .regex(/^(off|[1-9]\d{0,6}\/[1-9]\d{0,4}(s|m|h))$/, {
      message: 'must be off or submissions per window, e.g. 5/1h or 20/1h',
    })
    .default('5/1h'),
  LOGS_MAX_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 0 to 3650' })
    .int('must be a whole number of days from 0 to 3650')
    .min(0, 'must be a whole number of days from 0 to 3650')
    .max(3650, 'must be a whole number of days from 0 to 3650')
    .default(7),
  LOGS_IP: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  LOGS_AUTH_ID: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  CAPTIONS_COMMAND: z
    .string()
    .trim()
    .regex(/\{input\}/, {
      message:
        'must name the audio file as {input}, e.g. whisper-cli -m /opt/models/ggml-base.en.bin -f {input} -ml 1 -ovtt -of {output}',
    })
    .optional(),
  CAPTIONS_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en, en-US or es')
    .default('en'),
  FEEDBACK_URL: z
    .url({
      protocol: /^https$/,
      error: 'must be an https:// URL of a survey form, e.g. https://forms.example.org/airgrid',
    })
    .optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error:
        'must be an http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000',
    })
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/i, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1, 'must not be empty').optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, 'must not be empty').optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  DEMO_PLAYOUT: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  PLAYOUT_READINESS_NOTICE_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 0 to 168' })
    .min(0, 'must be a number of hours from 0 to 168')
    .max(168, 'must be a number of hours from 0 to 168')
    .default(2),
  CABLECAST_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  BACKUP_MAX_UPLOAD_MB: z.coerce
    .number({ error: BACKUP_MAX_UPLOAD_RULE })
    .int(BACKUP_MAX_UPLOAD_RULE)
    .min(1, BACKUP_MAX_UPLOAD_RULE)
    .max(1_000_000, BACKUP_MAX_UPLOAD_RULE)
    .default(2048),
  OAUTH2_GOOGLE_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  OAUTH2_GOOGLE_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  OAUTH2_MICROSOFT_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  OAUTH2_MICROSOFT_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  OAUTH2_MICROSOFT_TENANT: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, 'must be common, organizations, consumers or a tenant id')
    .default('common'),
  OAUTH2_GITHUB_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  OAUTH2_GITHUB_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  OAUTH2_OIDC_ISSUER: z
    .url({
      protocol: /^https?$/,
      error: "must be the provider's issuer URL, e.g. https://id.example.org/realms/station",
    })
    .refine(secureOrLoopback, {
      message: 'must be an https:// URL (http:// is allowed only for 127.0.0.1 or localhost)',
    })
    .optional(),
  OAUTH2_OIDC_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  OAUTH2_OIDC_CLIENT_SECRET: z.string().min(1, 'must not be empty').optional(),
  OAUTH2_OIDC_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').optional(),
} as const;

type Variables = { [K in keyof typeof variables]: z.output<(typeof variables)[K]> };

function readVariables(env: NodeJS.ProcessEnv): Variables {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(variables)) {
    const raw = env[name];
    const result = schema.safeParse(raw === '' && name !== 'DATABASE_URL' ? undefined : raw);
    if (!result.success) {
      const reason = result.error.issues[0]?.message ?? 'is not valid';
      throw new ConfigError(`${name} ${reason} (got ${shown(name, raw)}).`);
    }
    out[name] = result.data;
  }
  return out as Variables;
}

/**
 * Reads the secret that signs tokens: AIRGRID_SECRET when given, otherwise the one kept in
 * DATA_DIR, generated on first start so tokens survive a restart.
 */
function resolveSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `AIRGRID_SECRET is unset and ${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters: delete the file to generate a new one.`,
      );
    }
    return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** DATA_DIR/storage, unless S3_BUCKET names a bucket; the other S3 variables need it. */
function readStorage(vars: Variables, dataDir: string): StorageConfig {
  if (!vars.S3_BUCKET) {
    const stray = (
      [
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
      ] as const
    ).find((name) => vars[name] !== undefined);
    if (stray)
      throw new ConfigError(`S3_BUCKET must be set to store files in S3 (${stray} is set).`);
    return { kind: 'local', dir: path.join(dataDir, 'storage') };
  }
  if (vars.S3_ACCESS_KEY_ID && !vars.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('S3_SECRET_ACCESS_KEY must be set when S3_ACCESS_KEY_ID is.');
  if (vars.S3_SECRET_ACCESS_KEY && !vars.S3_ACCESS_KEY_ID)
    throw new ConfigError('S3_ACCESS_KEY_ID must be set when S3_SECRET_ACCESS_KEY is.');
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION ?? 'us-east-1',
    endpoint: vars.S3_ENDPOINT?.replace(/\/+$/, ''),
    accessKeyId: vars.S3_ACCESS_KEY_ID,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** True for https URLs, and for http ones on this machine (a provider run for tests or development). */
function secureOrLoopback(value: string): boolean {
  const url = URL.parse(value);
  return (
    url === null ||
    url.protocol === 'https:' ||
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  );
}

/** The OAuth2 providers whose client id and secret are both set; one without the other is an error. */
function readOAuth2(vars: Variables): OAuth2ProviderConfig[] {
  const providers: OAuth2ProviderConfig[] = [];
  for (const name of OAUTH2_PROVIDERS) {
    const prefix = `OAUTH2_${name.toUpperCase()}`;
    const clientId = vars[`${prefix}_CLIENT_ID` as keyof Variables] as string | undefined;
    const clientSecret = vars[`${prefix}_CLIENT_SECRET` as keyof Variables] as string | undefined;
    if (!clientId && !clientSecret) continue;
    if (!clientId)
      throw new ConfigError(`${prefix}_CLIENT_ID must be set when ${prefix}_CLIENT_SECRET is.`);
    if (!clientSecret)
      throw new ConfigError(`${prefix}_CLIENT_SECRET must be set when ${prefix}_CLIENT_ID is.`);
    if (name === 'oidc' && !vars.OAUTH2_OIDC_ISSUER)
      throw new ConfigError('OAUTH2_OIDC_ISSUER must be set when OAUTH2_OIDC_CLIENT_ID is.');
    providers.push({
      name,
      clientId,
      clientSecret,
      ...(name === 'microsoft' ? { tenant: vars.OAUTH2_MICROSOFT_TENANT } : {}),
      ...(name === 'oidc'
        ? {
            issuer: vars.OAUTH2_OIDC_ISSUER?.replace(/\/+$/, ''),
            displayName: vars.OAUTH2_OIDC_NAME ?? 'OpenID Connect',
          }
        : {}),
    });
  }
  return providers;
}

/** WORKERS as a count: `auto` is one process per CPU core. */
function readWorkers(raw: string): number {
  return raw === 'auto' ? availableParallelism() : Number(raw);
}

/**
 * Turns the environment into a validated config. Creates DATA_DIR if it is missing.
 * Throws ConfigError naming the variable when a value is wrong.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const vars = readVariables(env);
  const dataDir = path.resolve(cwd, vars.DATA_DIR);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${(error as Error).message}`);
  }
  const database: DatabaseConfig = vars.DATABASE_URL
    ? { dialect: 'postgres', url: vars.DATABASE_URL }
    : { dialect: 'sqlite', file: path.join(dataDir, 'airgrid.db') };
  const shownHost = vars.HOST === '0.0.0.0' || vars.HOST === '::' ? 'localhost' : vars.HOST;
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database,
    appUrl: (vars.APP_URL ?? `http://${shownHost}:${vars.PORT}`).replace(/\/+$/, ''),
    secret:
      database.dialect === 'postgres' && !vars.AIRGRID_SECRET
        ? null
        : resolveSecret(vars.AIRGRID_SECRET, dataDir),
    logLevel: vars.LOG_LEVEL,
    webDist: vars.WEB_DIST ? path.resolve(cwd, vars.WEB_DIST) : DEFAULT_WEB_DIST,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    storage: readStorage(vars, dataDir),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    nodeUrl: vars.NODE_URL?.replace(/\/+$/, ''),
    feedbackUrl: vars.FEEDBACK_URL,
    workers: readWorkers(vars.WORKERS),
    passwordHashCost: vars.PASSWORD_HASH_COST,
    guestRateLimit: parseRateLimit(vars.GUEST_RATE_LIMIT),
    submissionRateLimit: parseRateLimit(vars.SUBMISSION_RATE_LIMIT),
    apiKeyRateLimit: parseRateLimit(vars.API_KEY_RATE_LIMIT),
    oauth2: readOAuth2(vars),
    autoCaptions: { command: vars.CAPTIONS_COMMAND, language: vars.CAPTIONS_LANGUAGE },
    webhooksAllowPrivate: vars.WEBHOOKS_ALLOW_PRIVATE === 'true',
    demoPlayout: vars.DEMO_PLAYOUT !== 'off',
    playoutReadinessNoticeHours: vars.PLAYOUT_READINESS_NOTICE_HOURS,
    cablecastAllowPrivate: vars.CABLECAST_ALLOW_PRIVATE === 'true',
    backupMaxUploadBytes: vars.BACKUP_MAX_UPLOAD_MB * 1024 * 1024,
    logs: {
      maxDays: vars.LOGS_MAX_DAYS,
      logIP: vars.LOGS_IP === 'true',
      logAuthId: vars.LOGS_AUTH_ID === 'true',
    },
  };
}
