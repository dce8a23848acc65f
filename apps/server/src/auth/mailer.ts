import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Clock } from '../clock.js';
import type { MailConfig } from '../config.js';
import type { StoredSettings, StoredSmtp } from '../db/operator-settings.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one mail; rejects when it could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The part of a pino logger that mail code uses (Fastify's `app.log` fits). */
export interface MailLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The folder under DATA_DIR where mails are kept when no SMTP server is configured. */
const MAIL_FOLDER = 'mail';

// A slow or silent SMTP server must not hold a request for nodemailer's default 2 minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Hands mails to an SMTP server (SMTP_URL, e.g. `smtp://user:pass@mail.example.org:587`). */
export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport({ url, ...SMTP_TIMEOUTS });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  }
}

/**
 * Without SMTP, each mail goes to the log and to a `.eml` file in DATA_DIR/mail, so whoever runs
 * the server can still pass a reset or verification link on by hand.
 */
export class FolderMailer implements Mailer {
  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly log: MailLog,
    private readonly clock: Clock,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const now = new Date(this.clock.now());
    // Sortable and safe in every file system: 2026-05-01T10-11-12.345Z-1a2b3c.eml
    const name = `${now.toISOString().replace(/:/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
    const file = path.join(this.folder, name);
    await mkdir(this.folder, { recursive: true });
    // Written aside, then renamed: whoever watches the folder never reads half a mail.
    const partial = path.join(this.folder, `.${name}.partial`);
    await writeFile(partial, toEml(message, this.from, now), { mode: 0o600 });
    await rename(partial, file);
    this.log.info(
      { mail: { to: message.to, subject: message.subject, text: message.text, file } },
      'mail not sent (SMTP_URL is not set): kept in the log and in DATA_DIR/mail',
    );
  }
}

/** Where a mail goes when the operator changed it from the console (null: as configured). */
export interface MailRoute {
  from: string;
  /** An smtp:// or smtps:// URL; null: no SMTP (mails kept in DATA_DIR/mail); absent: SMTP_URL. */
  smtpUrl?: string | null;
}

/**
 * The configured mailer, unless the operator's settings (read at each mail, so every node
 * follows a change at once) name another sender or SMTP server.
 */
export class SettingsMailer implements Mailer {
  #built: { key: string; mailer: Mailer } | undefined;

  constructor(
    private readonly configured: MailConfig,
    private readonly fallback: (config: MailConfig) => Mailer,
    private readonly route: () => Promise<MailRoute | null>,
  ) {}

  /** The mailer for the current settings (made again only when they change). */
  async current(): Promise<Mailer> {
    const route = await this.route();
    const config: MailConfig = route
      ? {
          from: route.from,
          smtpUrl:
            route.smtpUrl === undefined ? this.configured.smtpUrl : (route.smtpUrl ?? undefined),
        }
      : this.configured;
    const key = JSON.stringify(config);
    if (this.#built?.key !== key) this.#built = { key, mailer: this.fallback(config) };
    return this.#built.mailer;
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.current()).send(message);
  }
}

/** An SMTP server's settings as the URL nodemailer takes. */
function smtpUrlOf(smtp: StoredSmtp): string {
  const auth = smtp.username
    ? `${encodeURIComponent(smtp.username)}:${encodeURIComponent(smtp.password)}@`
    : '';
  return `${smtp.tls ? 'smtps' : 'smtp'}://${auth}${smtp.host}:${smtp.port}`;
}

/** Where mail goes under the operator's settings, or null when they change nothing. */
export function mailRouteOf(settings: StoredSettings, configuredFrom: string): MailRoute | null {
  const { sender, smtp } = settings;
  if (!sender && !smtp) return null;
  const name = sender?.name.replace(/[<>"\r\n]/g, '').trim();
  const from = sender ? (name ? `${name} <${sender.address}>` : sender.address) : configuredFrom;
  if (!smtp) return { from };
  return { from, smtpUrl: smtp.enabled ? smtpUrlOf(smtp) : null };
}

/** The mailer the configuration asks for. */
export function createMailer(
  config: MailConfig,
  dataDir: string,
  log: MailLog,
  clock: Clock,
): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.from)
    : new FolderMailer(path.join(dataDir, MAIL_FOLDER), config.from, log, clock);
}

/** A message as RFC 5322 text that mail programs open: plain text, or text and HTML. */
export function toEml(message: MailMessage, from: string, date: Date): string {
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(message.to)}`,
    `Subject: ${oneLine(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
  ];
  const text = crlf(message.text);
  if (!message.html) {
    return [...headers, 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n');
  }
  const boundary = `airgrid-${randomBytes(8).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    crlf(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

// A line break in a header value would start a new header (header injection).
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
