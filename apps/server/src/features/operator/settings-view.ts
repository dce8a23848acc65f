import * as z from 'zod';
import type { Config } from '../../config.js';
import type { StoredSettings, StoredSmtp } from '../../db/operator-settings.js';

// GET and PATCH /api/settings in PocketBase's shape: what the server runs with, from the
// environment (config.ts) and the operator's stored settings (db/operator-settings.ts). The
// sender and the SMTP server may be changed here; the rest is set by the environment, listed
// in `environment`, and a change to it is refused with the variable to change instead.

/** A secret is never sent back: an empty text stands for "set, unchanged". */
const MASK = '';

/** Dotted settings set by the environment, with the variable that sets each. */
const ENVIRONMENT: Record<string, string> = {
  'meta.appName': 'the product name',
  'meta.appURL': 'APP_URL',
  's3.enabled': 'S3_BUCKET',
  's3.bucket': 'S3_BUCKET',
  's3.region': 'S3_REGION',
  's3.endpoint': 'S3_ENDPOINT',
  's3.accessKey': 'S3_ACCESS_KEY_ID',
  's3.forcePathStyle': 'S3_FORCE_PATH_STYLE',
  'rateLimits.rules': 'GUEST_RATE_LIMIT, API_KEY_RATE_LIMIT and SUBMISSION_RATE_LIMIT',
  'trustedProxy.headers': 'TRUST_PROXY',
  'oauth2.providers': 'the OAUTH2_* variables',
  'network.webhooksAllowPrivate': 'WEBHOOKS_ALLOW_PRIVATE',
  'network.cablecastAllowPrivate': 'CABLECAST_ALLOW_PRIVATE',
  'backups.maxUploadSize': 'BACKUP_MAX_UPLOAD_MB',
};

/** `Name <address>` or a bare address, as MAIL_FROM holds it. */
function mailbox(from: string): { name: string; address: string } {
  const named = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  return named
    ? { name: named[1] ?? '', address: named[2] ?? '' }
    : { name: '', address: from.trim() };
}

/** SMTP_URL's password, kept only on the server (a change that keeps the server keeps it). */
export function configuredSmtpPassword(url: string | undefined): string {
  return url ? decodeURIComponent(new URL(url).password) : '';
}

/** SMTP_URL's parts (its password masked), or a disabled server. */
function configuredSmtp(url: string | undefined) {
  if (!url) return { enabled: false, host: '', port: 587, username: '', tls: false };
  const parsed = new URL(url);
  const tls = parsed.protocol === 'smtps:';
  return {
    enabled: true,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : tls ? 465 : 587,
    username: decodeURIComponent(parsed.username),
    tls,
  };
}

function seconds(windowMs: number): number {
  return Math.round(windowMs / 1000);
}

/** The settings as GET /api/settings answers them. */
export function settingsView(config: Config, stored: StoredSettings) {
  const sender = stored.sender ?? mailbox(config.mail.from);
  const smtp = stored.smtp ?? configuredSmtp(config.mail.smtpUrl);
  const storage = config.storage;
  const limits = [
    { label: 'Guests, per address', audience: '@guest', limit: config.guestRateLimit },
    { label: 'API keys, per key', audience: 'apiKeys', limit: config.apiKeyRateLimit },
    {
      label: 'Public submissions, per address',
      audience: '@guest',
      limit: config.submissionRateLimit,
    },
  ];
  return {
    meta: {
      appName: 'Airgrid',
      appURL: config.appUrl,
      senderName: sender.name,
      senderAddress: sender.address,
      hideControls: false,
    },
    smtp: {
      enabled: smtp.enabled,
      host: smtp.host,
      port: smtp.port,
      username: smtp.username,
      password: MASK,
      authMethod: 'PLAIN',
      tls: smtp.tls,
      localName: '',
      /** Where the SMTP settings come from: the console, the environment, or nowhere. */
      source: stored.smtp ? 'settings' : config.mail.smtpUrl ? 'environment' : 'none',
    },
    s3:
      storage.kind === 's3'
        ? {
            enabled: true,
            bucket: storage.bucket,
            region: storage.region,
            endpoint: storage.endpoint ?? '',
            accessKey: storage.accessKeyId ?? '',
            secret: MASK,
            forcePathStyle: storage.forcePathStyle,
          }
        : {
            enabled: false,
            bucket: '',
            region: '',
            endpoint: '',
            accessKey: '',
            secret: MASK,
            forcePathStyle: false,
          },
    rateLimits: {
      enabled: limits.some(({ limit }) => limit !== null),
      rules: limits
        .filter(({ limit }) => limit !== null)
        .map(({ label, audience, limit }) => ({
          label,
          audience,
          maxRequests: limit?.max ?? 0,
          duration: seconds(limit?.windowMs ?? 0),
        })),
    },
    trustedProxy: {
      headers: config.trustProxy === false ? [] : ['X-Forwarded-For'],
      useLeftmostIP: false,
    },
    oauth2: {
      providers: config.oauth2.map((provider) => ({
        name: provider.name,
        clientId: provider.clientId,
        clientSecret: MASK,
        ...(provider.issuer ? { issuer: provider.issuer } : {}),
        ...(provider.tenant ? { tenant: provider.tenant } : {}),
        ...(provider.displayName ? { displayName: provider.displayName } : {}),
      })),
    },
    network: {
      webhooksAllowPrivate: config.webhooksAllowPrivate,
      cablecastAllowPrivate: config.cablecastAllowPrivate,
    },
    /** The largest archive POST /api/backups/upload takes, in bytes (the console checks first). */
    backups: { maxUploadSize: config.backupMaxUploadBytes },
    /** The settings set by the environment (read-only here), with the variable to change. */
    environment: ENVIRONMENT,
  };
}

export type SettingsView = ReturnType<typeof settingsView>;

const SENDER_ADDRESS = /^[^\s<>@]+@[^\s<>@]+$/;
const HOST = /^[A-Za-z0-9.-]{1,253}$|^\[[0-9A-Fa-f:.]+\]$/;

/** What PATCH /api/settings may change; the rest of a sent body must equal what it is. */
const changeable = z.object({
  meta: z
    .object({
      senderName: z.string().max(100, 'At most 100 characters.').optional(),
      senderAddress: z
        .string()
        .trim()
        .regex(SENDER_ADDRESS, 'Give an email address, such as tv@example.org.')
        .optional(),
    })
    .loose()
    .optional(),
  smtp: z
    .object({
      enabled: z.boolean('Say true or false.').optional(),
      host: z
        .string()
        .trim()
        .regex(HOST, 'Give a host name such as smtp.example.org.')
        .or(z.literal(''))
        .optional(),
      port: z
        .number('Give a port number.')
        .int('Give a port number.')
        .min(1, 'From 1 to 65535.')
        .max(65535, 'From 1 to 65535.')
        .optional(),
      username: z.string().max(255, 'At most 255 characters.').optional(),
      password: z.string().max(1000, 'At most 1,000 characters.').optional(),
      tls: z.boolean('Say true or false.').optional(),
    })
    .loose()
    .optional(),
});

export interface FieldProblem {
  code: string;
  message: string;
}

/** Each leaf of a settings object as `dotted.path → value`. */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      leaves(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * A PATCH body applied to the stored settings: the new stored settings, or the problems by
 * dotted field. Values the environment sets may be sent back unchanged (a client sends the
 * whole object it read); a different one is refused with the variable to change.
 */
export function applySettings(
  view: SettingsView,
  stored: StoredSettings,
  body: unknown,
  /** SMTP_URL's password, which a change keeping its server may keep. */
  configuredPassword = '',
): { ok: true; stored: StoredSettings } | { ok: false; problems: Record<string, FieldProblem> } {
  const problems: Record<string, FieldProblem> = {};
  const parsed = changeable.safeParse(body ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      problems[field] ??= { code: 'validation_invalid_value', message: issue.message };
    }
  }
  const current = leaves(view);
  for (const [field, value] of leaves(body ?? {})) {
    const variable = Object.entries(ENVIRONMENT).find(
      ([name]) => field === name || field.startsWith(`${name}.`),
    )?.[1];
    if (!variable) continue;
    const was = current.get(field);
    if (JSON.stringify(value) !== JSON.stringify(was)) {
      problems[field] = {
        code: 'validation_read_only',
        message: `Set by the server's environment (${variable}): change it there and restart.`,
      };
    }
  }
  if (!parsed.success || Object.keys(problems).length > 0) return { ok: false, problems };

  const { meta, smtp } = parsed.data;
  const next: StoredSettings = { ...stored };
  if (meta?.senderName !== undefined || meta?.senderAddress !== undefined) {
    next.sender = {
      name: (meta.senderName ?? view.meta.senderName).trim(),
      address: (meta.senderAddress ?? view.meta.senderAddress).trim(),
    };
  }
  if (smtp) {
    const before: StoredSmtp = stored.smtp ?? {
      enabled: view.smtp.enabled,
      host: view.smtp.host,
      port: view.smtp.port,
      username: view.smtp.username,
      password: view.smtp.source === 'environment' ? configuredPassword : '',
      tls: view.smtp.tls,
    };
    const server = {
      enabled: smtp.enabled ?? before.enabled,
      host: smtp.host ?? before.host,
      port: smtp.port ?? before.port,
      username: smtp.username ?? before.username,
      tls: smtp.tls ?? before.tls,
    };
    // A saved password goes only to the server it was saved for (docs/security.md).
    const sameServer =
      server.host === before.host &&
      server.port === before.port &&
      server.username === before.username;
    const password = smtp.password ? smtp.password : sameServer ? before.password : '';
    if (server.enabled && !server.host) {
      problems['smtp.host'] = {
        code: 'validation_required',
        message: 'Give the SMTP server’s host name.',
      };
    }
    if (server.enabled && server.username && !password) {
      problems['smtp.password'] = {
        code: 'validation_required',
        message: sameServer
          ? 'Give the password for this user.'
          : 'Give the password again: a saved password stays with the server it was saved for.',
      };
    }
    if (Object.keys(problems).length > 0) return { ok: false, problems };
    next.smtp = { ...server, password };
  }
  return { ok: true, stored: next };
}
