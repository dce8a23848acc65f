import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, failure, signUp, superuser, uniqueEmail } from '../../test/sdk.js';
import { type Inbox, type ReceivedMail, startInbox } from '../../test/smtp-inbox.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { signingKey, signToken, type TokenClaims, type TokenType } from './tokens.js';

// Password reset, verification, email change and the failed-login throttle, through the
// official SDK against a real server that sends its mail to a real SMTP server on loopback.

const SECRET = 'auth-flows-test-secret-of-at-least-32-characters';
const APP_URL = 'https://tv.example.org';
const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';
const USERS_ID = '_pb_users_auth_';

let inbox: Inbox;
let server: TestServer;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startTestServer({
    env: {
      SMTP_URL: inbox.url,
      APP_URL,
      MAIL_FROM: 'Airgrid TV <tv@example.org>',
      AIRGRID_SECRET: SECRET,
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

/** The token of the link to an app page in a mail. */
function linkToken(mail: ReceivedMail | string, page: string): string {
  const text = typeof mail === 'string' ? mail : mail.text;
  const match = new RegExp(`${APP_URL}/auth/${page}\\?token=([\\w.-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in:\n${text}`);
  return match[1];
}

/**
 * Proves a request sent no mail to `address`: another account asks for a reset after it, and
 * once that mail has arrived, nothing has come for `address`.
 */
async function expectNoMailTo(address: string, sent: number) {
  const sentinel = await signUp(server, { name: 'sentinel' });
  await client(server).collection('users').requestPasswordReset(sentinel.email);
  await inbox.waitFor(sentinel.email);
  expect(inbox.mailsTo(address)).toHaveLength(sent);
}

/** A token as the server would sign it for this record, with claims of the test's choosing. */
async function forgeToken(
  table: 'users' | '_superusers',
  id: string,
  type: TokenType,
  claims: Partial<TokenClaims>,
) {
  const row = await server.database.db
    .selectFrom(table)
    .select(['tokenKey'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const full: TokenClaims = {
    id,
    type,
    collectionId: USERS_ID,
    exp: Math.floor(Date.now() / 1000) + 600,
    ...claims,
  };
  return signToken(full, signingKey(SECRET, full.collectionId, type, String(row.tokenKey)));
}

async function requestResetToken(email: string, count = 1) {
  await client(server).collection('users').requestPasswordReset(email);
  return linkToken(await inbox.waitFor(email, count), 'reset-password');
}

describe('password reset', () => {
  it('mails a reset link; the new password works, the old one and old sessions stop', async () => {
    const user = await signUp(server);
    expect(user.pb.authStore.record?.verified).toBe(false);
    const oldSession = client(server);
    oldSession.authStore.save(user.pb.authStore.token, user.pb.authStore.record);

    expect(await client(server).collection('users').requestPasswordReset(user.email)).toBe(true);
    const mail = await inbox.waitFor(user.email);
    expect(mail.subject).toBe('Reset your Airgrid TV password');
    expect(mail.from).toBe('Airgrid TV <tv@example.org>');
    expect(mail.text).toMatch(/Thanks,\r?\nAirgrid TV/);
    const token = linkToken(mail, 'reset-password');

    expect(
      await client(server)
        .collection('users')
        .confirmPasswordReset(token, 'a-brand-new-password', 'a-brand-new-password'),
    ).toBe(true);

    expect(
      await failure(client(server).collection('users').authWithPassword(user.email, user.password)),
    ).toEqual({ status: 400, message: 'Failed to authenticate.', data: {} });
    expect(await failure(oldSession.collection('users').authRefresh())).toMatchObject({
      status: 401,
      message: 'The request requires valid record authorization token.',
    });
    const fresh = client(server);
    await fresh.collection('users').authWithPassword(user.email, 'a-brand-new-password');
    // The link reached the mailbox, so the address is verified too.
    expect(fresh.authStore.record?.verified).toBe(true);

    // A link works once.
    const again = await failure(
      client(server)
        .collection('users')
        .confirmPasswordReset(token, 'third-password', 'third-password'),
    );
    expect(again).toMatchObject({ status: 400, message: VALIDATION_FAILED });
    expect(again.data.token).toMatchObject({ code: 'validation_invalid_token' });
  });

  it('answers 204 for an email no account has, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await client(server).collection('users').requestPasswordReset(nobody)).toBe(true);
    await expectNoMailTo(nobody, 0);
  });

  it('sends one reset mail per account in two minutes, still answering 204', async () => {
    const user = await signUp(server);
    await requestResetToken(user.email);
    expect(await client(server).collection('users').requestPasswordReset(user.email)).toBe(true);
    await expectNoMailTo(user.email, 1);
  });

  it('matches the email case-insensitively and mails the stored address', async () => {
    const user = await signUp(server);
    await client(server).collection('users').requestPasswordReset(user.email.toUpperCase());
    const mail = await inbox.waitFor(user.email);
    expect(mail.to).toEqual([user.email.toLowerCase()]);
  });

  it('refuses a missing or malformed email with field errors', async () => {
    const pb = client(server);
    for (const [email, code] of [
      ['', 'validation_required'],
      ['not-an-email', 'validation_is_email'],
      [`${'a'.repeat(250)}@example.org`, 'validation_length_out_of_range'],
    ]) {
      const result = await failure(pb.collection('users').requestPasswordReset(email ?? ''));
      expect(result).toMatchObject({ status: 400, message: VALIDATION_FAILED });
      expect(result.data.email).toMatchObject({ code });
    }
  });

  it('refuses garbage, expired, other-type, other-email and other-collection tokens', async () => {
    const user = await signUp(server);
    const id = user.record.id;
    const root = await superuser(server);
    const rootRecord = root.authStore.record;
    const tokens = {
      garbage: 'not-a-token',
      expired: await forgeToken('users', id, 'passwordReset', {
        email: user.email,
        exp: Math.floor(Date.now() / 1000) - 1,
      }),
      otherType: user.pb.authStore.token,
      otherEmail: await forgeToken('users', id, 'passwordReset', { email: 'else@example.org' }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const result = await failure(
        client(server)
          .collection('users')
          .confirmPasswordReset(token, 'new-password-1', 'new-password-1'),
      );
      expect(result, name).toMatchObject({ status: 400, message: VALIDATION_FAILED });
      expect(result.data.token, name).toMatchObject({
        code: 'validation_invalid_token',
        message: 'Invalid or expired token.',
      });
    }

    const rootToken = await forgeToken('_superusers', String(rootRecord?.id), 'passwordReset', {
      collectionId: String(rootRecord?.collectionId),
      email: String(rootRecord?.email),
    });
    const result = await failure(
      client(server)
        .collection('users')
        .confirmPasswordReset(rootToken, 'new-password-1', 'new-password-1'),
    );
    expect(result.data.token).toMatchObject({ code: 'validation_token_collection_mismatch' });

    // The password is unchanged after all of that.
    await client(server).collection('users').authWithPassword(user.email, user.password);
  });

  it('checks the new password and its confirmation', async () => {
    const user = await signUp(server);
    const token = await forgeToken('users', user.record.id, 'passwordReset', { email: user.email });
    const users = client(server).collection('users');

    const mismatch = await failure(
      users.confirmPasswordReset(token, 'new-password-1', 'other-one-2'),
    );
    expect(mismatch).toMatchObject({ status: 400, message: VALIDATION_FAILED });
    expect(mismatch.data).toEqual({
      passwordConfirm: { code: 'validation_values_mismatch', message: "Values don't match." },
    });

    const short = await failure(users.confirmPasswordReset(token, 'short', 'short'));
    expect(short.data.password).toMatchObject({
      code: 'validation_length_out_of_range',
      message: 'The password must be at least 8 characters.',
    });

    const empty = await failure(
      client(server).send('/api/collections/users/confirm-password-reset', {
        method: 'POST',
        body: {},
      }),
    );
    expect(empty).toMatchObject({ status: 400, message: VALIDATION_FAILED });
    expect(Object.keys(empty.data).sort()).toEqual(['password', 'passwordConfirm', 'token']);
    expect(empty.data.token).toMatchObject({
      code: 'validation_required',
      message: 'Cannot be blank.',
    });

    // The token was not used up by the refusals.
    await users.confirmPasswordReset(token, 'new-password-1', 'new-password-1');
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const user = await signUp(server);
    const token = await requestResetToken(user.email);
    const results = await Promise.allSettled(
      ['first-new-password', 'second-new-password'].map((password) =>
        client(server).collection('users').confirmPasswordReset(token, password, password),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ status: 400 });
    expect(String(refused?.reason?.response?.message)).toMatch(
      /^(Invalid or expired password reset token\.|An error occurred while validating the submitted data\.)$/,
    );
  });
});

describe('email verification', () => {
  it('mails a verification link that marks the account verified, and nothing once verified', async () => {
    const user = await signUp(server);
    expect(await client(server).collection('users').requestVerification(user.email)).toBe(true);
    const mail = await inbox.waitFor(user.email);
    expect(mail.subject).toBe('Verify your email address for Airgrid TV');
    const token = linkToken(mail, 'verify-email');

    expect(await user.pb.collection('users').confirmVerification(token)).toBe(true);
    // The SDK marks its stored record verified; the server agrees.
    expect(user.pb.authStore.record?.verified).toBe(true);
    const refreshed = await user.pb.collection('users').authRefresh();
    expect(refreshed.record.verified).toBe(true);
    // Confirming again is harmless.
    expect(await client(server).collection('users').confirmVerification(token)).toBe(true);

    expect(await client(server).collection('users').requestVerification(user.email)).toBe(true);
    await expectNoMailTo(user.email, 1);
  });

  it('sends one verification mail per account in two minutes, and nothing for unknown emails', async () => {
    const user = await signUp(server);
    await client(server).collection('users').requestVerification(user.email);
    await inbox.waitFor(user.email);
    await client(server).collection('users').requestVerification(user.email);
    const nobody = uniqueEmail('nobody');
    expect(await client(server).collection('users').requestVerification(nobody)).toBe(true);
    await expectNoMailTo(user.email, 1);
    expect(inbox.mailsTo(nobody)).toHaveLength(0);
  });

  it('refuses bad verification tokens with field errors', async () => {
    const user = await signUp(server);
    const id = user.record.id;
    const cases: [string, string][] = [
      ['not-a-token', 'validation_invalid_token_claims'],
      [
        await forgeToken('users', id, 'verification', {
          email: user.email,
          exp: Math.floor(Date.now() / 1000) - 1,
        }),
        'validation_invalid_token',
      ],
      [
        await forgeToken('users', id, 'verification', { email: 'else@example.org' }),
        'validation_token_email_mismatch',
      ],
      [
        await forgeToken('users', id, 'passwordReset', { email: user.email }),
        'validation_invalid_token',
      ],
    ];
    for (const [token, code] of cases) {
      const result = await failure(client(server).collection('users').confirmVerification(token));
      expect(result, code).toMatchObject({ status: 400, message: VALIDATION_FAILED });
      expect(result.data.token, code).toMatchObject({ code });
    }
    await user.pb.collection('users').authRefresh();
    expect(user.pb.authStore.record?.verified).toBe(false);
  });

  it('tells superusers they are verified already', async () => {
    const root = await superuser(server);
    const result = await failure(
      root.collection('_superusers').requestVerification(String(root.authStore.record?.email)),
    );
    expect(result).toMatchObject({
      status: 400,
      message: 'All superusers are verified by default.',
    });
  });
});

describe('email change', () => {
  it('mails the new address; once confirmed, only the new email signs in', async () => {
    const user = await signUp(server);
    const oldSession = user.pb.authStore.token;
    const newEmail = uniqueEmail('moved');

    expect(await user.pb.collection('users').requestEmailChange(newEmail)).toBe(true);
    const mail = await inbox.waitFor(newEmail);
    expect(mail.subject).toBe('Confirm your new email address for Airgrid TV');
    expect(mail.text).toContain(user.email);
    expect(inbox.mailsTo(user.email)).toHaveLength(0);

    const token = linkToken(mail, 'confirm-email-change');
    expect(await user.pb.collection('users').confirmEmailChange(token, user.password)).toBe(true);
    // The SDK signs out after an email change.
    expect(user.pb.authStore.token).toBe('');

    const fresh = client(server);
    const signedIn = await fresh.collection('users').authWithPassword(newEmail, user.password);
    expect(signedIn.record).toMatchObject({ email: newEmail, verified: true });
    expect(
      await failure(client(server).collection('users').authWithPassword(user.email, user.password)),
    ).toMatchObject({ status: 400, message: 'Failed to authenticate.' });

    const stale = client(server);
    stale.authStore.save(oldSession, null);
    expect(await failure(stale.collection('users').authRefresh())).toMatchObject({ status: 401 });

    // The link works once.
    const again = await failure(
      client(server).collection('users').confirmEmailChange(token, user.password),
    );
    expect(again.data.token).toMatchObject({ code: 'validation_invalid_token' });
  });

  it('answers for an address another account has as for a free one, and tells its owner', async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const free = uniqueEmail('free');
    // The same answer either way: nothing tells the requester which address has an account.
    expect(await user.pb.collection('users').requestEmailChange(free)).toBe(true);
    expect(await user.pb.collection('users').requestEmailChange(other.email)).toBe(true);
    expect(await user.pb.collection('users').requestEmailChange(other.email.toUpperCase())).toBe(
      true,
    );
    expect((await inbox.waitFor(free)).subject).toBe(
      'Confirm your new email address for Airgrid TV',
    );

    // The owner of the taken address learns of the attempt, with no link to follow and nothing
    // about the other account.
    const notice = await inbox.waitFor(other.email);
    expect(notice.subject).toBe('This address already has an Airgrid TV account');
    expect(notice.text).toContain('nothing changed');
    expect(notice.text).toContain(`${APP_URL}/auth/login`);
    expect(notice.text).not.toContain('token=');
    expect(notice.text).not.toContain(user.email);
    // One per account and address per interval, whatever the case of the address.
    await expectNoMailTo(other.email, 1);

    // Neither account changed.
    await client(server).collection('users').authWithPassword(user.email, user.password);
    await client(server).collection('users').authWithPassword(other.email, other.password);
  });

  it('refuses an unchanged or malformed new email', async () => {
    const user = await signUp(server);
    const cases: [string, string][] = [
      [user.email, 'validation_invalid_new_email'],
      ['not-an-email', 'validation_is_email'],
      ['', 'validation_required'],
    ];
    for (const [newEmail, code] of cases) {
      const result = await failure(user.pb.collection('users').requestEmailChange(newEmail));
      expect(result, newEmail).toMatchObject({ status: 400, message: VALIDATION_FAILED });
      expect(result.data.newEmail, newEmail).toMatchObject({ code });
    }
  });

  it('requires a signed-in record of the same collection', async () => {
    const guest = await failure(
      client(server).collection('users').requestEmailChange(uniqueEmail()),
    );
    expect(guest).toEqual({
      status: 401,
      message: 'The request requires valid record authorization token.',
      data: {},
    });
    const root = await superuser(server);
    const other = await failure(root.collection('users').requestEmailChange(uniqueEmail()));
    expect(other).toMatchObject({
      status: 403,
      message: 'The request requires auth record from users collection.',
    });
  });

  it('refuses a wrong password, a token without a new email, and an address taken meanwhile', async () => {
    const user = await signUp(server);
    const newEmail = uniqueEmail('wanted');
    await user.pb.collection('users').requestEmailChange(newEmail);
    const token = linkToken(await inbox.waitFor(newEmail), 'confirm-email-change');
    const users = client(server).collection('users');

    const wrong = await failure(users.confirmEmailChange(token, 'not-my-password'));
    expect(wrong).toMatchObject({ status: 400, message: VALIDATION_FAILED });
    expect(wrong.data).toEqual({
      password: {
        code: 'validation_invalid_password',
        message: 'Missing or invalid auth record password.',
      },
    });

    const noNewEmail = await forgeToken('users', user.record.id, 'emailChange', {
      email: user.email,
    });
    const payload = await failure(users.confirmEmailChange(noNewEmail, user.password));
    expect(payload.data.token).toMatchObject({ code: 'validation_invalid_token_payload' });

    // Someone else signs up with the address before the link is used.
    await client(server)
      .collection('users')
      .create({ email: newEmail, password: 'someone-else-1', passwordConfirm: 'someone-else-1' });
    const taken = await failure(users.confirmEmailChange(token, user.password));
    expect(taken.data.token).toMatchObject({ code: 'validation_invalid_token_email' });
    await client(server).collection('users').authWithPassword(user.email, user.password);
  });
});

describe('failed sign-ins', () => {
  it('answers 429 after five failures for one identity from one address, whatever its case', async () => {
    const user = await signUp(server);
    const users = client(server).collection('users');
    for (let i = 0; i < 5; i += 1) {
      expect(await failure(users.authWithPassword(user.email, 'wrong-password'))).toMatchObject({
        status: 400,
        message: 'Failed to authenticate.',
      });
    }
    for (const identity of [user.email, user.email.toUpperCase()]) {
      expect(await failure(users.authWithPassword(identity, user.password))).toEqual({
        status: 429,
        message: 'Too many failed login attempts, please try again later.',
        data: {},
      });
    }
    // Someone else is not affected.
    const other = await signUp(server);
    await client(server).collection('users').authWithPassword(other.email, other.password);
  });

  it('clears the count when the right password is given before the limit', async () => {
    const user = await signUp(server);
    const users = client(server).collection('users');
    for (let i = 0; i < 4; i += 1)
      await failure(users.authWithPassword(user.email, 'wrong-password'));
    await users.authWithPassword(user.email, user.password);
    for (let i = 0; i < 4; i += 1)
      await failure(users.authWithPassword(user.email, 'wrong-password'));
    await users.authWithPassword(user.email, user.password);
  });
});

describe('without SMTP', () => {
  let local: TestServer;
  let pb: PocketBase;

  beforeAll(async () => {
    local = await startTestServer({ env: { APP_URL } });
    pb = client(local);
  });

  afterAll(async () => {
    await local?.stop();
  });

  /** The mail files in DATA_DIR/mail, once there are `count` of them (mail goes out in the background). */
  async function mailFiles(count: number): Promise<string[]> {
    const folder = path.join(local.dataDir, 'mail');
    return vi.waitFor(
      () => {
        // The folder is not there until the first mail: readdirSync throws, and waitFor retries.
        const files = readdirSync(folder).filter((file) => file.endsWith('.eml'));
        if (files.length < count) throw new Error(`expected ${count} mail files in ${folder}`);
        return files.sort().map((file) => path.join(folder, file));
      },
      { timeout: 10_000, interval: 25 },
    );
  }

  it('keeps each mail as a file in DATA_DIR/mail, and its link works', async () => {
    const user = await signUp(local);
    expect(await pb.collection('users').requestPasswordReset(user.email)).toBe(true);
    const [file] = await mailFiles(1);
    const eml = readFileSync(String(file), 'utf8');
    expect(eml).toContain(`To: ${user.email}\r\n`);
    expect(eml).toContain('From: Airgrid <no-reply@localhost>\r\n');
    expect(eml).toContain('Subject: Reset your Airgrid TV password\r\n');

    await pb
      .collection('users')
      .confirmPasswordReset(linkToken(eml, 'reset-password'), 'from-the-file-1', 'from-the-file-1');
    await client(local).collection('users').authWithPassword(user.email, 'from-the-file-1');
  });

  it('answers 429 to an address after fifty failures, whichever identities it tries', async () => {
    const user = await signUp(local);
    const users = client(local).collection('users');
    for (let round = 0; round < 5; round += 1) {
      const guesses = Array.from({ length: 10 }, () =>
        failure(users.authWithPassword(uniqueEmail('guess'), 'guess')),
      );
      for (const guess of await Promise.all(guesses)) expect(guess.status).toBe(400);
    }
    expect(await failure(users.authWithPassword(user.email, user.password))).toMatchObject({
      status: 429,
      message: 'Too many failed login attempts, please try again later.',
    });
  });
});
