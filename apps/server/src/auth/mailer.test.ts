import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeLifetime,
  emailChangeMail,
  passwordResetMail,
  verificationMail,
} from './auth-mails.js';
import { createMailer, FolderMailer, mailRouteOf, SmtpMailer, toEml } from './mailer.js';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'airgrid-mail-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function recordingLog() {
  const lines: { details: object; message: string }[] = [];
  const log = {
    lines,
    info: (details: object, message: string) => lines.push({ details, message }),
    error: (details: object, message: string) => lines.push({ details, message }),
  };
  return log;
}

const clock = { now: () => Date.UTC(2026, 4, 1, 10, 11, 12, 345) };

describe('createMailer', () => {
  it('uses SMTP when SMTP_URL is set, and the mail folder otherwise', () => {
    const log = recordingLog();
    expect(
      createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'a@b.org' }, dataDir, log, clock),
    ).toBeInstanceOf(SmtpMailer);
    expect(
      createMailer({ smtpUrl: undefined, from: 'a@b.org' }, dataDir, log, clock),
    ).toBeInstanceOf(FolderMailer);
  });
});

describe('FolderMailer', () => {
  it('writes each mail to DATA_DIR/mail and to the log', async () => {
    const log = recordingLog();
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Airgrid <no-reply@localhost>' },
      dataDir,
      log,
      clock,
    );
    await mailer.send({ to: 'ann@example.org', subject: 'Hello', text: 'Line one\nLine two' });
    await mailer.send({ to: 'bob@example.org', subject: 'Hello', text: 'Again' });

    const folder = path.join(dataDir, 'mail');
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^2026-05-01T10-11-12\.345Z-[0-9a-f]{6}\.eml$/);
    const first = files
      .map((file) => readFileSync(path.join(folder, file), 'utf8'))
      .find((text) => text.includes('To: ann@example.org'));
    expect(first).toContain('From: Airgrid <no-reply@localhost>\r\n');
    expect(first).toContain('Subject: Hello\r\n');
    expect(first).toContain('Date: Fri, 01 May 2026 10:11:12 GMT\r\n');
    expect(first).toMatch(/\r\n\r\nLine one\r\nLine two\r\n$/);
    expect(statSync(path.join(folder, files[0] ?? '')).mode & 0o777).toBe(0o600);

    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]?.details).toMatchObject({
      mail: { to: 'ann@example.org', subject: 'Hello', text: 'Line one\nLine two' },
    });
    expect(log.lines[0]?.message).toMatch(/SMTP_URL is not set/);
  });
});

describe('toEml', () => {
  const date = new Date(clock.now());

  it('keeps header values on one line, so a subject cannot add headers', () => {
    const eml = toEml(
      { to: 'ann@example.org', subject: 'Hi\r\nBcc: eve@example.org', text: 'x' },
      'a@b.org',
      date,
    );
    expect(eml).toContain('Subject: Hi Bcc: eve@example.org\r\n');
    expect(eml).not.toMatch(/^Bcc:/m);
  });

  it('sends text and HTML as multipart/alternative', () => {
    const eml = toEml(
      { to: 'ann@example.org', subject: 'Hi', text: 'plain', html: '<p>rich</p>' },
      'a@b.org',
      date,
    );
    const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
    expect(boundary).toMatch(/^airgrid-[0-9a-f]{16}$/);
    expect(eml).toContain(`--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nplain`);
    expect(eml).toContain(
      `--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>rich</p>`,
    );
    expect(eml).toContain(`--${boundary}--`);
  });
});

describe('auth mails', () => {
  const appUrl = 'https://tv.example.org';

  it('describe token lifetimes in words', () => {
    expect(describeLifetime(1800)).toBe('30 minutes');
    expect(describeLifetime(86_400)).toBe('24 hours');
    expect(describeLifetime(3600)).toBe('1 hour');
    expect(describeLifetime(60)).toBe('1 minute');
    expect(describeLifetime(20)).toBe('1 minute');
  });

  it('link to the reset page, and are signed by Airgrid TV', () => {
    const mail = passwordResetMail(appUrl, 'ann@example.org', 'a.b.c');
    expect(mail.to).toBe('ann@example.org');
    expect(mail.text).toContain('https://tv.example.org/auth/reset-password?token=a.b.c\n');
    expect(mail.text).toContain('within 30 minutes');
    expect(mail.text).toMatch(/Thanks,\nAirgrid TV\n$/);
  });

  it('link to the verification page', () => {
    const mail = verificationMail(appUrl, 'ann@example.org', 'a.b.c');
    expect(mail.text).toContain('https://tv.example.org/auth/verify-email?token=a.b.c\n');
    expect(mail.text).toContain('24 hours');
    expect(mail.text).toMatch(/Airgrid TV\n$/);
  });

  it('send the email change link to the new address', () => {
    const mail = emailChangeMail(appUrl, 'ann@example.org', 'ann@new.example.org', 'a.b.c');
    expect(mail.to).toBe('ann@new.example.org');
    expect(mail.text).toContain('from ann@example.org to this address');
    expect(mail.text).toContain('https://tv.example.org/auth/confirm-email-change?token=a.b.c\n');
    expect(mail.text).toMatch(/Airgrid TV\n$/);
  });
});

describe('mailRouteOf', () => {
  const smtp = {
    enabled: true,
    host: 'smtp.example.org',
    port: 587,
    username: 'tv',
    password: 'p@ss word',
    tls: false,
  };

  it('changes nothing without settings', () => {
    expect(mailRouteOf({}, 'Airgrid <no-reply@localhost>')).toBeNull();
  });

  it('takes the sender, keeping the configured transport', () => {
    expect(
      mailRouteOf({ sender: { name: 'Riverside <TV>', address: 'tv@example.org' } }, 'x'),
    ).toEqual({
      from: 'Riverside TV <tv@example.org>',
    });
    expect(mailRouteOf({ sender: { name: ' ', address: 'tv@example.org' } }, 'x')).toEqual({
      from: 'tv@example.org',
    });
  });

  it('writes the SMTP server as a URL with its credentials encoded, or none when disabled', () => {
    expect(mailRouteOf({ smtp }, 'A <a@b.c>')).toEqual({
      from: 'A <a@b.c>',
      smtpUrl: 'smtp://tv:p%40ss%20word@smtp.example.org:587',
    });
    expect(
      mailRouteOf({ smtp: { ...smtp, tls: true, username: '', port: 465 } }, 'a@b.c')?.smtpUrl,
    ).toBe('smtps://smtp.example.org:465');
    expect(mailRouteOf({ smtp: { ...smtp, enabled: false } }, 'a@b.c')).toEqual({
      from: 'a@b.c',
      smtpUrl: null,
    });
  });
});
