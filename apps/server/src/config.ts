import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Fastify's trustProxy: whether X-Forwarded-For names the client (behind a reverse proxy). */
export type TrustProxy = boolean | number | string;

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  appUrl: string;
  secret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy, the client address comes from X-Forwarded-For (rate limits use it). */
  trustProxy: TrustProxy;
  webDist: string;
  mail: MailConfig;
}

/** A bad environment value: the message names the variable and says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const PORT_RULE = 'must be a whole number between 0 and 65535 (0 picks a free port)';
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
    secret: resolveSecret(vars.AIRGRID_SECRET, dataDir),
    logLevel: vars.LOG_LEVEL,
    webDist: vars.WEB_DIST ? path.resolve(cwd, vars.WEB_DIST) : DEFAULT_WEB_DIST,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
  };
}
