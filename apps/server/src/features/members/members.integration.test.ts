import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createMember,
  createShow,
  failure,
  signUp,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { type Inbox, startInbox } from '../../../test/smtp-inbox.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { LAST_OWNER } from '../../collections/users.js';

// Managing members through the SDK against a real server (SQLite and PostgreSQL): invites go
// out by mail and are accepted from the link, roles change, members leave or are removed, and
// ownership is handed over, while an organization always keeps an owner and nobody reaches
// into another organization's people.

const APP_URL = 'https://tv.example.org';

let inbox: Inbox;
let server: TestServer;
let root: PocketBase;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startTestServer({ env: { SMTP_URL: inbox.url, APP_URL } });
  root = await superuser(server);
});

afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

/** The invite token in an invite mail's accept link. */
function inviteToken(text: string): string {
  const match = new RegExp(`${APP_URL}/onboarding\\?invite=([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no invite link in:\n${text}`);
  return match[1];
}

async function post(path: string, body: unknown, token = '') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function roleOf(id: string) {
  const user = await root.collection('users').getOne(id);
  return { organization: user.organization as string, role: user.role as string };
}

describe('invites by mail', () => {
  it('mails the invitee a link that joins them with the role, and dates the join', async () => {
    const owner = await signUpOwner(server, { name: 'Riverside Community TV' });
    const invitee = await signUp(server, { name: 'New Editor' });
    await owner.pb.collection('invites').create({
      organization: owner.organization.id,
      email: invitee.email,
      role: 'editor',
    });

    const mail = await inbox.waitFor(invitee.email);
    expect(mail.subject).toBe("You're invited to join Riverside Community TV on Airgrid TV");
    expect(mail.text).toContain('as an editor');
    const accepted = await post(
      '/api/v1/invites/accept',
      { token: inviteToken(mail.text) },
      invitee.pb.authStore.token,
    );
    expect(accepted.status).toBe(200);
    // The owner hears of it in the app and, as email notifications are on by default, by mail.
    const notice = await inbox.waitFor(owner.email);
    expect(notice.subject).toBe('New Editor joined Riverside Community TV');
    expect(notice.text).toContain(`${APP_URL}/members/${invitee.record.id}`);

    const members = await owner.pb.collection('users').getFullList({ sort: 'created' });
    const joined = members.find((member) => member.id === invitee.record.id);
    expect(joined).toMatchObject({ role: 'editor', organization: owner.organization.id });
    expect(joined?.joined).not.toBe('');
    // Signing in is noted, and members see it.
    await client(server).collection('users').authWithPassword(invitee.email, invitee.password);
    const seen = await owner.pb.collection('users').getOne(invitee.record.id);
    expect(seen.lastSignIn).not.toBe('');
    // An owner's own join is dated too.
    expect((await owner.pb.collection('users').getOne(owner.record.id)).joined).not.toBe('');
  });

  it('mails no notification to an admin who turned email notifications off', async () => {
    const owner = await signUpOwner(server);
    await owner.pb.collection('users').update(owner.record.id, {
      settings: { notifications: { email: false } },
    });
    const admin = await createMember(server, owner.organization.id, 'admin', root);
    const adminEmail = String(admin.pb.authStore.record?.email);
    const invitee = await signUp(server, { name: 'Quiet Joiner' });
    await owner.pb.collection('invites').create({
      organization: owner.organization.id,
      email: invitee.email,
      role: 'viewer',
    });
    const mail = await inbox.waitFor(invitee.email);
    const accepted = await post(
      '/api/v1/invites/accept',
      { token: inviteToken(mail.text) },
      invitee.pb.authStore.token,
    );
    expect(accepted.status).toBe(200);
    // Both hear of it in the app; only the admin, whose email notifications are on, by mail
    // (the owner's choice is read before the admin's mail has even been sent).
    await inbox.waitFor(adminEmail);
    const notifications = await owner.pb.collection('notifications').getFullList();
    expect(notifications.map((notification) => notification.title)).toEqual([
      `Quiet Joiner joined ${owner.organization.name}`,
    ]);
    expect(inbox.mailsTo(owner.email)).toHaveLength(0);
  });

  it('resends a pending invite with a new week, for its organization’s admins only', async () => {
    const owner = await signUpOwner(server);
    const editor = await createMember(server, owner.organization.id, 'editor', root);
    const invite = await owner.pb.collection('invites').create({
      organization: owner.organization.id,
      email: 'resend-me@example.org',
      role: 'viewer',
    });
    const first = await inbox.waitFor('resend-me@example.org');

    const resent = await post(`/api/v1/invites/${invite.id}/resend`, {}, owner.pb.authStore.token);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: invite.id, email: 'resend-me@example.org' });
    expect(String(resent.body.expires) >= String(invite.expires)).toBe(true);
    const second = await inbox.waitFor('resend-me@example.org', 2);
    // The same link: a first mail found later still works.
    expect(inviteToken(second.text)).toBe(inviteToken(first.text));

    const byEditor = await post(
      `/api/v1/invites/${invite.id}/resend`,
      {},
      editor.pb.authStore.token,
    );
    expect(byEditor.status).toBe(403);
    const stranger = await signUpOwner(server);
    const byStranger = await post(
      `/api/v1/invites/${invite.id}/resend`,
      {},
      stranger.pb.authStore.token,
    );
    expect(byStranger.status).toBe(404);
    const signedOut = await post(`/api/v1/invites/${invite.id}/resend`, {});
    expect(signedOut.status).toBe(401);
    expect(inbox.mailsTo('resend-me@example.org')).toHaveLength(2);
  });
});

describe('roles, leaving and removing', () => {
  it('lets an admin change a role but not make an owner or touch one', async () => {
    const owner = await signUpOwner(server);
    const admin = await createMember(server, owner.organization.id, 'admin', root);
    const viewer = await createMember(server, owner.organization.id, 'viewer', root);

    await admin.pb.collection('users').update(viewer.record.id, { role: 'producer' });
    expect(await roleOf(viewer.record.id)).toMatchObject({ role: 'producer' });
    expect(
      (await failure(admin.pb.collection('users').update(viewer.record.id, { role: 'owner' })))
        .status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await failure(admin.pb.collection('users').update(owner.record.id, { role: 'viewer' })))
        .status,
    ).toBeGreaterThanOrEqual(400);
    // Nobody changes their own role.
    expect(
      (await failure(viewer.pb.collection('users').update(viewer.record.id, { role: 'admin' })))
        .status,
    ).toBeGreaterThanOrEqual(400);
    expect(await roleOf(owner.record.id)).toMatchObject({ role: 'owner' });
    expect(await roleOf(viewer.record.id)).toMatchObject({ role: 'producer' });
  });

  it('removes a member, whose shows keep their producer’s name', async () => {
    const owner = await signUpOwner(server);
    const producer = await createMember(server, owner.organization.id, 'producer', root);
    await producer.pb.collection('users').update(producer.record.id, { name: 'Pat Producer' });
    const show = await createShow(producer.pb, owner.organization.id, {
      producer: producer.record.id,
    });
    const named = await createShow(owner.pb, owner.organization.id, {
      producer: producer.record.id,
      producerName: 'P. Producer & Friends',
    });

    await owner.pb.collection('users').update(producer.record.id, { organization: '' });
    expect(await roleOf(producer.record.id)).toEqual({ organization: '', role: '' });
    expect(await owner.pb.collection('shows').getOne(show.id)).toMatchObject({
      producer: '',
      producerName: 'Pat Producer',
    });
    expect(await owner.pb.collection('shows').getOne(named.id)).toMatchObject({
      producer: '',
      producerName: 'P. Producer & Friends',
    });
    // Out of the organization: its records are out of sight.
    await producer.pb.collection('users').authRefresh();
    expect((await producer.pb.collection('shows').getList()).totalItems).toBe(0);
  });

  it('lets a member leave, but never the last owner', async () => {
    const owner = await signUpOwner(server);
    const editor = await createMember(server, owner.organization.id, 'editor', root);
    await editor.pb.collection('users').update(editor.record.id, { organization: '' });
    expect(await roleOf(editor.record.id)).toEqual({ organization: '', role: '' });

    const leaving = await failure(
      owner.pb.collection('users').update(owner.record.id, { organization: '' }),
    );
    expect(leaving.status).toBe(400);
    expect(leaving.data.organization).toMatchObject({ message: LAST_OWNER.leaves });
    const deleting = await failure(owner.pb.collection('users').delete(owner.record.id));
    expect(deleting).toMatchObject({ status: 400, message: LAST_OWNER.deleted });
    expect(await roleOf(owner.record.id)).toEqual({
      organization: owner.organization.id,
      role: 'owner',
    });
  });

  it('keeps an owner when owners demote each other', async () => {
    const first = await signUpOwner(server);
    const second = await createMember(server, first.organization.id, 'editor', root);
    await first.pb.collection('users').update(second.record.id, { role: 'owner' });
    await second.pb.collection('users').authRefresh();
    // Two owners: one may demote the other, and then the last one stays.
    await second.pb.collection('users').update(first.record.id, { role: 'admin' });
    await first.pb.collection('users').authRefresh();
    const demoting = await failure(
      root.collection('users').update(second.record.id, { role: 'admin' }),
    );
    expect(demoting.status).toBe(400);
    expect(demoting.data.role).toMatchObject({ message: LAST_OWNER.demoted });
    const removing = await failure(
      root.collection('users').update(second.record.id, { organization: '' }),
    );
    expect(removing.data.organization).toMatchObject({ message: LAST_OWNER.removed });
  });
});

describe('owners in parallel', () => {
  // The rule that an organization keeps an owner counts the other owners; on PostgreSQL two
  // transactions could each count the other as still an owner and both go ahead. Each round
  // fires both requests at once, on a fresh organization with two owners.
  const ROUNDS = 6;

  /** A fresh organization with two owners, signed in with their roles in their tokens. */
  async function twoOwners() {
    const first = await signUpOwner(server);
    const second = await createMember(server, first.organization.id, 'owner', root);
    return { organization: first.organization.id, owners: [first, second] as const };
  }

  async function send(method: string, path: string, token: string, body?: unknown) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  }

  async function ownersOf(organization: string) {
    const rows = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('organization', '=', organization)
      .where('role', '=', 'owner')
      .execute();
    return rows.length;
  }

  /**
   * Runs the rounds: `race` fires both owners' requests at once. Exactly one goes through, the
   * other is refused, and the organization ends every round with one owner.
   */
  async function rounds(
    race: (
      owners: readonly [
        { record: { id: string }; pb: PocketBase },
        { record: { id: string }; pb: PocketBase },
      ],
    ) => Promise<{ status: number; body: Record<string, unknown> }[]>,
    refusal: (answer: { status: number; body: Record<string, unknown> }) => void,
  ) {
    const setups = await Promise.all(Array.from({ length: ROUNDS }, () => twoOwners()));
    for (const { organization, owners } of setups) {
      const answers = await race(owners);
      const passed = answers.filter((answer) => answer.status < 300);
      const refused = answers.filter((answer) => answer.status >= 300);
      expect(passed, JSON.stringify(answers)).toHaveLength(1);
      for (const answer of refused) refusal(answer);
      expect(await ownersOf(organization)).toBe(1);
    }
  }

  it('lets one of two owners leaving at once go, never both', async () => {
    await rounds(
      (owners) =>
        Promise.all(
          owners.map((owner) =>
            send(
              'PATCH',
              `/api/collections/users/records/${owner.record.id}`,
              owner.pb.authStore.token,
              {
                organization: '',
              },
            ),
          ),
        ),
      (answer) => {
        expect(answer.status).toBe(400);
        expect(answer.body.data).toMatchObject({
          organization: { code: 'validation_last_owner', message: LAST_OWNER.leaves },
        });
      },
    );
  });

  it('lets one of two owners demoting each other at once win, never both', async () => {
    await rounds(
      ([first, second]) =>
        Promise.all([
          send(
            'PATCH',
            `/api/collections/users/records/${second.record.id}`,
            first.pb.authStore.token,
            {
              role: 'admin',
            },
          ),
          send(
            'PATCH',
            `/api/collections/users/records/${first.record.id}`,
            second.pb.authStore.token,
            {
              role: 'admin',
            },
          ),
        ]),
      (answer) => {
        // Refused by the rule (the requester is no longer an owner: not found, 404) or, when
        // both got past it, by the last-owner check.
        if (answer.status === 404) return;
        expect(answer.status).toBe(400);
        expect(answer.body.data).toMatchObject({
          role: { code: 'validation_last_owner', message: LAST_OWNER.demoted },
        });
      },
    );
  });

  it('deletes one of two owners deleting their accounts at once, never both', async () => {
    await rounds(
      (owners) =>
        Promise.all(
          owners.map((owner) =>
            send(
              'DELETE',
              `/api/collections/users/records/${owner.record.id}`,
              owner.pb.authStore.token,
            ),
          ),
        ),
      (answer) => {
        expect(answer).toMatchObject({ status: 400, body: { message: LAST_OWNER.deleted } });
      },
    );
  });
});

describe('handing ownership over', () => {
  it('makes the member the owner and the owner an admin, in one step', async () => {
    const owner = await signUpOwner(server);
    const editor = await createMember(server, owner.organization.id, 'editor', root);
    const handed = await post(
      '/api/v1/members/transfer-ownership',
      { member: editor.record.id },
      owner.pb.authStore.token,
    );
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({
      owner: { id: editor.record.id, role: 'owner' },
      previous: { id: owner.record.id, role: 'admin' },
    });
    await owner.pb.collection('users').authRefresh();
    expect(owner.pb.authStore.record?.role).toBe('admin');
    // The former owner is an admin now: it cannot hand over again.
    const again = await post(
      '/api/v1/members/transfer-ownership',
      { member: owner.record.id },
      owner.pb.authStore.token,
    );
    expect(again.status).toBe(403);
  });

  it('refuses a blank member, oneself, and anyone outside the organization', async () => {
    const owner = await signUpOwner(server);
    const token = owner.pb.authStore.token;
    const blank = await post('/api/v1/members/transfer-ownership', {}, token);
    expect(blank.status).toBe(400);
    expect(blank.body.data).toMatchObject({ member: { code: 'validation_required' } });
    const self = await post(
      '/api/v1/members/transfer-ownership',
      { member: owner.record.id },
      token,
    );
    expect(self.status).toBe(400);
    const stranger = await signUpOwner(server);
    const outside = await post(
      '/api/v1/members/transfer-ownership',
      { member: stranger.record.id },
      token,
    );
    expect(outside.status).toBe(404);
    expect(await roleOf(stranger.record.id)).toMatchObject({ role: 'owner' });
    expect(await roleOf(owner.record.id)).toMatchObject({ role: 'owner' });
    const signedOut = await post('/api/v1/members/transfer-ownership', { member: owner.record.id });
    expect(signedOut.status).toBe(401);
  });

  it('gives another organization’s owner no reach into these members', async () => {
    const owner = await signUpOwner(server);
    const editor = await createMember(server, owner.organization.id, 'editor', root);
    const stranger = await signUpOwner(server);
    const seen = await stranger.pb.collection('users').getFullList();
    expect(seen.map((user) => user.id)).toEqual([stranger.record.id]);
    expect(
      (await failure(stranger.pb.collection('users').update(editor.record.id, { role: 'viewer' })))
        .status,
    ).toBe(404);
    expect(
      (
        await failure(
          stranger.pb.collection('users').update(editor.record.id, { organization: '' }),
        )
      ).status,
    ).toBe(404);
    expect(await roleOf(editor.record.id)).toEqual({
      organization: owner.organization.id,
      role: 'editor',
    });
  });
});
