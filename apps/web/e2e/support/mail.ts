import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

// The mails the e2e server sends: with no SMTP server configured it writes each one to
// DATA_DIR/mail as an .eml file, which tests read as a person reads their inbox.

/** The folder where the e2e server keeps its mails (no SMTP: DATA_DIR/mail/*.eml). */
function mailFolder(): string {
  const dataDir = process.env.AIRGRID_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('AIRGRID_E2E_DATA_DIR is not set: run through playwright.config.ts');
  return path.join(dataDir, 'mail');
}

/** One mail: its headers (lower-case names, unfolded) and its decoded body. */
export interface Mail {
  headers: Record<string, string>;
  body: string;
}

/** Reads an RFC 5322 message with a single text part, decoding quoted-printable or base64. */
function parseEml(source: string): Mail {
  const split = source.search(/\r?\n\r?\n/);
  const head = split < 0 ? source : source.slice(0, split);
  const raw = split < 0 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  // A header continues on lines that start with white space (folding).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  let body = raw;
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(raw);
  else if (encoding === 'base64') body = Buffer.from(raw, 'base64').toString('utf8');
  return { headers, body };
}

/** RFC 2045 §6.7: `=` at a line end is a soft break, `=XX` one byte of UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The newest mail addressed to `to`, or null while none has arrived. */
export async function newestMailTo(to: string): Promise<Mail | null> {
  let names: string[];
  try {
    names = await readdir(mailFolder());
  } catch {
    return null;
  }
  // File names start with the ISO time they were written, so they sort oldest first.
  const emls = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of emls) {
    const mail = parseEml(await readFile(path.join(mailFolder(), name), 'utf8'));
    if (mail.headers.to?.toLowerCase().includes(to.toLowerCase())) return mail;
  }
  return null;
}

/**
 * Waits for the newest mail to `to` with this subject and returns the path and query of its
 * first link to `page` (e.g. "/onboarding"). The link names the server's APP_URL; the path is
 * opened on the server under test.
 */
export async function linkInMail(to: string, subject: string, page: string): Promise<string> {
  let mail: Mail | null = null;
  await expect
    .poll(async () => {
      mail = await newestMailTo(to);
      return mail?.headers.subject ?? null;
    })
    .toBe(subject);
  const escaped = page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = (mail as Mail | null)?.body.match(new RegExp(`https?://\\S*${escaped}\\?\\S+`));
  if (!found) throw new Error(`No ${page} link in the mail to ${to}`);
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
}
