import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, failure, signUp, signUpOwner, superuser } from '../../../test/sdk.js';
import { type Inbox, startInbox } from '../../../test/smtp-inbox.js';
import {
  GUEST_REFUSED,
  nonSuperusers,
  RECORD_REFUSED,
  refusalsOf,
  type SuperuserCall,
} from '../../../test/superusers-only.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// PocketBase's settings API through the SDK (SQLite and PostgreSQL): a superuser reads what the
// server runs with (secrets masked, what the environment sets marked so), moves mail from the
// DATA_DIR/mail folder to an SMTP server and back, sends test emails, and cannot change what
// only the environment sets; everyone else is turned away.

let server: TestServer;
let root: PocketBase;
let inbox: Inbox;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startTestServer({
    env: {
      MAIL_FROM: 'Riverside TV <tv@riverside.example>',
      OAUTH2_GITHUB_CLIENT_ID: 'settings-test',
      OAUTH2_GITHUB_CLIENT_SECRET: 'a-secret-the-api-never-shows',
      BACKUP_MAX_UPLOAD_MB: '3',
    },
  });
  root = await superuser(server);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

/** A refusal's message for one field. */
const fieldMessage = (refusal: { data: Record<string, unknown> }, field: string) =>
  (refusal.data[field] as { message?: string } | undefined)?.message;

const mailFolder = () => path.join(server.dataDir, 'mail');
const folderMails = () => {
  try {
    return readdirSync(mailFolder()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

describe('GET /api/settings', () => {
  it('says what the server runs with, secrets masked and the environment’s marked', async () => {
    const settings = await root.settings.getAll();
    expect(settings.meta).toMatchObject({
      appName: 'Airgrid',
      senderName: 'Riverside TV',
      senderAddress: 'tv@riverside.example',
    });
    expect(settings.smtp).toMatchObject({ enabled: false, source: 'none', password: '' });
    expect(settings.s3).toMatchObject({ enabled: false });
    expect(settings.oauth2.providers).toEqual([
      { name: 'github', clientId: 'settings-test', clientSecret: '' },
    ]);
    expect(JSON.stringify(settings)).not.toContain('a-secret-the-api-never-shows');
    expect(settings.environment['s3.bucket']).toBe('S3_BUCKET');
    expect(settings.rateLimits.rules.length).toBeGreaterThan(0);
    // The console checks an upload's size before sending it.
    expect(settings.backups).toEqual({ maxUploadSize: 3 * 1024 * 1024 });
    expect(settings.environment['backups.maxUploadSize']).toBe('BACKUP_MAX_UPLOAD_MB');
  });
});

describe('changing the mail server', () => {
  it('sends test emails to the folder, then through the SMTP server set here, then the folder again', async () => {
    const before = folderMails().length;
    await root.settings.testEmail('users', 'operator@example.org', 'verification');
    expect(folderMails().length).toBe(before + 1);
    const kept = readFileSync(path.join(mailFolder(), folderMails().sort().at(-1) ?? ''), 'utf8');
    expect(kept).toContain('From: Riverside TV <tv@riverside.example>');
    expect(kept).toContain('Subject: Test: Verify your email');

    const { port, hostname } = new URL(inbox.url);
    const saved = await root.settings.update({
      meta: { senderName: 'Riverside Community TV', senderAddress: 'hello@riverside.example' },
      smtp: { enabled: true, host: hostname, port: Number(port), tls: false },
    });
    expect(saved.smtp).toMatchObject({ enabled: true, host: hostname, source: 'settings' });
    await root.settings.testEmail('users', 'operator@example.org', 'password-reset');
    const mail = await inbox.waitFor('operator@example.org');
    expect(mail.subject).toBe('Test: Reset your password');
    expect(mail.from).toContain('hello@riverside.example');
    expect(folderMails().length).toBe(before + 1);

    // Real mails follow too: a password reset goes to the SMTP server.
    const { email } = await signUp(server, { name: 'Forgetful' });
    await client(server).collection('users').requestPasswordReset(email);
    expect((await inbox.waitFor(email)).from).toContain('hello@riverside.example');

    await root.settings.update({ smtp: { enabled: false } });
    await root.settings.testEmail('users', 'operator@example.org', 'email-change');
    expect(folderMails().length).toBe(before + 2);
  });

  it('names what is wrong: a bad address, a blank host, a test to a server that does not answer', async () => {
    const bad = await failure(root.settings.update({ meta: { senderAddress: 'not an address' } }));
    expect(bad.status).toBe(400);
    expect(fieldMessage(bad, 'meta.senderAddress')).toBe(
      'Give an email address, such as tv@example.org.',
    );
    const blank = await failure(root.settings.update({ smtp: { enabled: true, host: '' } }));
    expect(fieldMessage(blank, 'smtp.host')).toBe('Give the SMTP server’s host name.');
    const port = await failure(root.settings.update({ smtp: { port: 70000 } }));
    expect(fieldMessage(port, 'smtp.port')).toBe('From 1 to 65535.');

    await root.settings.update({ smtp: { enabled: true, host: '127.0.0.1', port: 9, tls: false } });
    const refused = await failure(
      root.settings.testEmail('users', 'operator@example.org', 'verification'),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^The test email could not be sent: /);
    const template = await failure(
      root.send('/api/settings/test/email', {
        method: 'POST',
        body: { email: 'operator@example.org', template: 'nonsense' },
      }),
    );
    expect(fieldMessage(template, 'template')).toMatch(/^Must be one of verification/);
    await root.settings.update({ smtp: { enabled: false } });
  });

  it('keeps a saved password with the server it was saved for', async () => {
    await root.settings.update({
      smtp: { enabled: true, host: '127.0.0.1', port: 2525, username: 'station', password: 'pw-1' },
    });
    // Another server without the password again: refused, so the saved one never goes there.
    const moved = await failure(root.settings.update({ smtp: { host: 'smtp.elsewhere.example' } }));
    expect(fieldMessage(moved, 'smtp.password')).toBe(
      'Give the password again: a saved password stays with the server it was saved for.',
    );
    // The same server: the password stays (and is never read back).
    const same = await root.settings.update({ smtp: { tls: true } });
    expect(same.smtp.password).toBe('');
    await root.settings.update({ smtp: { enabled: false } });
  });

  it('refuses to change what the environment sets, and takes it back unchanged', async () => {
    const current = await root.settings.getAll();
    const refused = await failure(root.settings.update({ s3: { bucket: 'elsewhere' } }));
    expect(fieldMessage(refused, 's3.bucket')).toBe(
      "Set by the server's environment (S3_BUCKET): change it there and restart.",
    );
    expect(
      fieldMessage(
        await failure(root.settings.update({ backups: { maxUploadSize: 1 } })),
        'backups.maxUploadSize',
      ),
    ).toBe("Set by the server's environment (BACKUP_MAX_UPLOAD_MB): change it there and restart.");
    // A client that sends back everything it read changes nothing it may not.
    const { environment: _, ...whole } = current;
    await expect(root.settings.update(whole)).resolves.toMatchObject({ meta: current.meta });
  });
});

describe('who may read and change the settings', () => {
  const calls: SuperuserCall[] = [
    ['read', (pb) => pb.settings.getAll()],
    ['change', (pb) => pb.settings.update({ meta: { senderName: 'x' } })],
    ['test email', (pb) => pb.settings.testEmail('users', 'a@example.org', 'verification')],
  ];

  it('guests: 401', async () => {
    for (const [name, refused] of await refusalsOf(calls, client(server)))
      expect({ name, refused }).toEqual({ name, refused: GUEST_REFUSED });
  });

  it('every role of a station, another station’s owner and an API key: 403', async () => {
    const station = await signUpOwner(server);
    for (const { role, pb } of await nonSuperusers(server, station, root)) {
      for (const [name, refused] of await refusalsOf(calls, pb))
        expect({ role, name, refused }).toEqual({ role, name, refused: RECORD_REFUSED });
    }
  });
});
