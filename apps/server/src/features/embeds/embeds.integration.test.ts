import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmbedRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  failure,
  signUpOwner,
  superuser,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The embeds collection through the official SDK (rules per role, the hook's messages) and the
// widget page /embed/:id (its framing headers), on SQLite and PostgreSQL.

const WIDGET_HTML = '<!doctype html><title>Widget</title><div id="embed"></div>';

let server: TestServer;
let webDist: string;
let root: PocketBase;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let rival: Awaited<ReturnType<typeof signUpOwner>>;
let organization: string;
const members: Record<'admin' | 'editor' | 'producer' | 'viewer', PocketBase> = {} as never;
const channels = { one: '', two: '', rival: '' };

async function member(role: keyof typeof members) {
  return (await createMember(server, organization, role, root)).pb;
}

function embedFields(overrides: Record<string, unknown> = {}) {
  return {
    organization,
    name: 'Homepage guide',
    kind: 'guide',
    channels: [channels.one, channels.two],
    theme: 'auto',
    ...overrides,
  };
}

function createEmbed(pb: PocketBase, overrides: Record<string, unknown> = {}) {
  return pb.collection('embeds').create<EmbedRecord>(embedFields(overrides));
}

beforeAll(async () => {
  // A web build with the widget page, which the shared fake build does not have.
  webDist = mkdtempSync(path.join(tmpdir(), 'airgrid-embed-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Airgrid TV</title>');
  writeFileSync(path.join(webDist, 'embed.html'), WIDGET_HTML);
  server = await startTestServer({ env: { WEB_DIST: webDist } });
  root = await superuser(server);
  owner = await signUpOwner(server);
  organization = owner.organization.id;
  rival = await signUpOwner(server);
  channels.one = (await createChannel(owner.pb, organization, { public: true })).id;
  channels.two = (await createChannel(owner.pb, organization, { public: true })).id;
  channels.rival = (await createChannel(rival.pb, rival.organization.id, { public: true })).id;
  for (const role of ['admin', 'editor', 'producer', 'viewer'] as const)
    members[role] = await member(role);
});

afterAll(async () => {
  await server?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

describe('embeds: rules', () => {
  it('lets editors and above create, update and delete, and members list', async () => {
    for (const role of ['admin', 'editor'] as const) {
      const pb = members[role];
      const embed = await createEmbed(pb, { name: `${role}'s guide` });
      expect(embed).toMatchObject({
        organization,
        kind: 'guide',
        channels: [channels.one, channels.two],
        theme: 'auto',
        allowedOrigins: [],
        options: {},
      });
      const updated = await pb.collection('embeds').update<EmbedRecord>(embed.id, {
        theme: 'dark',
      });
      expect(updated.theme).toBe('dark');
      await pb.collection('embeds').delete(embed.id);
    }
    const kept = await createEmbed(owner.pb, { name: 'Listed' });
    for (const pb of [owner.pb, members.producer, members.viewer]) {
      const list = await pb.collection('embeds').getFullList<EmbedRecord>();
      expect(list.map((embed) => embed.id)).toContain(kept.id);
    }
  });

  it('refuses writes from producers and viewers', async () => {
    const embed = await createEmbed(owner.pb);
    for (const role of ['producer', 'viewer'] as const) {
      const pb = members[role];
      expect((await failure(createEmbed(pb))).status).toBe(400);
      expect((await failure(pb.collection('embeds').update(embed.id, { name: 'x' }))).status).toBe(
        404,
      );
      expect((await failure(pb.collection('embeds').delete(embed.id))).status).toBe(404);
    }
  });

  it('lets anyone view one by id, but lists them to members only', async () => {
    const embed = await createEmbed(owner.pb, { allowedOrigins: ['https://www.example.org'] });
    const guest = client(server);
    expect(await guest.collection('embeds').getOne<EmbedRecord>(embed.id)).toMatchObject({
      id: embed.id,
      kind: 'guide',
      allowedOrigins: ['https://www.example.org'],
    });
    expect(await guest.collection('embeds').getFullList()).toEqual([]);
    expect(await rival.pb.collection('embeds').getFullList()).toEqual([]);
    expect((await rival.pb.collection('embeds').getOne(embed.id)).id).toBe(embed.id);
    expect((await failure(guest.collection('embeds').create(embedFields()))).status).toBe(400);
    expect((await failure(rival.pb.collection('embeds').delete(embed.id))).status).toBe(404);
    // Another station's editor cannot move an embed into its own organization either.
    expect(
      (await failure(createEmbed(rival.pb, { organization, channels: [channels.rival] }))).status,
    ).toBe(400);
  });
});

describe('embeds: validation', () => {
  it('names the allowed origin that is wrong, and stores the others normalized', async () => {
    const refused = await failure(
      createEmbed(owner.pb, {
        allowedOrigins: ['https://www.example.org', 'https://www.example.org/tv-guide'],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.allowedOrigins).toEqual({
      code: 'validation_invalid_origin',
      message: '"https://www.example.org/tv-guide" is not an origin: an origin has no path.',
    });
    const saved = await createEmbed(owner.pb, {
      allowedOrigins: ['HTTPS://WWW.Example.org/', 'http://localhost:8080', ''],
    });
    expect(saved.allowedOrigins).toEqual(['https://www.example.org', 'http://localhost:8080']);
  });

  it('wants the accent as #rrggbb and known options within their limits', async () => {
    const accent = await failure(createEmbed(owner.pb, { accent: 'blue' }));
    expect(accent.data.accent).toEqual({
      code: 'validation_invalid_color',
      message: 'The accent colour must be written #rrggbb, e.g. #3355ff, or left empty.',
    });
    const options = await failure(createEmbed(owner.pb, { options: { hours: 48 } }));
    expect(options.data.options).toMatchObject({ code: 'validation_invalid_options' });
    const saved = await createEmbed(owner.pb, { accent: '#3355FF', options: { hours: 6 } });
    expect(saved).toMatchObject({ accent: '#3355ff', options: { hours: 6 } });
  });

  it('gives a player exactly one channel', async () => {
    const none = await failure(createEmbed(owner.pb, { kind: 'player', channels: [] }));
    expect(none.data.channels).toEqual({
      code: 'validation_player_channel',
      message: 'Choose the channel the player plays.',
    });
    const two = await failure(createEmbed(owner.pb, { kind: 'player' }));
    expect(two.data.channels).toMatchObject({
      message: 'A player plays exactly one channel: choose one.',
    });
    const player = await createEmbed(owner.pb, { kind: 'player', channels: [channels.one] });
    expect(player.channels).toEqual([channels.one]);
    const widened = await failure(
      owner.pb.collection('embeds').update(player.id, { channels: [channels.one, channels.two] }),
    );
    expect(widened.data.channels).toMatchObject({ code: 'validation_player_channel' });
  });

  it("refuses another organization's channel without saying whether it exists", async () => {
    for (const id of [channels.rival, 'aaaaaaaaaaaaaaa']) {
      const refused = await failure(createEmbed(owner.pb, { channels: [channels.one, id] }));
      expect(refused.data.channels).toEqual({
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      });
    }
  });

  it('requires a name and a kind, and keeps the kind and theme to their values', async () => {
    const refused = await failure(
      owner.pb.collection('embeds').create({ organization, name: '', kind: 'poster' }),
    );
    expect(refused.data).toMatchObject({
      name: { code: 'validation_required' },
      kind: { code: 'validation_invalid_value' },
    });
  });

  it('takes a deleted channel out of the embeds that showed it', async () => {
    const doomed = await createChannel(owner.pb, organization, { public: true });
    const embed = await createEmbed(owner.pb, { channels: [channels.one, doomed.id] });
    await owner.pb.collection('channels').delete(doomed.id);
    const after = await owner.pb.collection('embeds').getOne<EmbedRecord>(embed.id);
    expect(after.channels).toEqual([channels.one]);
  });
});

describe('GET /embed/:id', () => {
  it("serves the widget page framable by 'self' and the allowed origins, without X-Frame-Options", async () => {
    const embed = await createEmbed(owner.pb, {
      allowedOrigins: ['https://www.example.org', 'http://localhost:8080'],
    });
    const response = await server.fetch(`/embed/${embed.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(WIDGET_HTML);
    expect(response.headers.get('x-frame-options')).toBeNull();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(
      "frame-ancestors 'self' https://www.example.org http://localhost:8080",
    );
    // The rest of the app's policy still applies to the widget.
    expect(policy).toContain("script-src 'self'");
    expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('follows the embed: a changed allow-list applies on the next load', async () => {
    const embed = await createEmbed(owner.pb, { allowedOrigins: ['https://a.example.org'] });
    // Loaded once first, so the page is held in memory when the allow-list changes.
    expect(
      (await server.fetch(`/embed/${embed.id}`)).headers.get('content-security-policy'),
    ).toContain('https://a.example.org');
    await owner.pb
      .collection('embeds')
      .update(embed.id, { allowedOrigins: ['https://b.example.org'] });
    const policy = (await server.fetch(`/embed/${embed.id}`)).headers.get(
      'content-security-policy',
    );
    expect(policy).toContain("frame-ancestors 'self' https://b.example.org");
    expect(policy).not.toContain('a.example.org');
  });

  it('answers a reload whose copy is current with 304, framing headers included', async () => {
    const embed = await createEmbed(owner.pb, { allowedOrigins: ['https://www.example.org'] });
    const first = await server.fetch(`/embed/${embed.id}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await server.fetch(`/embed/${embed.id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' https://www.example.org",
    );
    expect(again.headers.get('x-frame-options')).toBeNull();
  });

  it('lets any website frame an embed that lists no origins', async () => {
    const embed = await createEmbed(owner.pb);
    const response = await server.fetch(`/embed/${embed.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors \*$/);
    expect(response.headers.get('x-frame-options')).toBeNull();
  });

  it('answers an unknown id with a 404 page', async () => {
    for (const id of ['aaaaaaaaaaaaaaa', 'not-an-id', 'UPPERCASEIDXXXX']) {
      const response = await server.fetch(`/embed/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('Widget not found');
    }
  });

  it('stops serving the widget of an archived organization', async () => {
    const station = await signUpOwner(server);
    const channel = await createChannel(station.pb, station.organization.id, { public: true });
    const embed = await station.pb.collection('embeds').create({
      organization: station.organization.id,
      name: 'Soon gone',
      kind: 'nownext',
      channels: [channel.id],
    });
    expect((await server.fetch(`/embed/${embed.id}`)).status).toBe(200);
    await station.pb
      .collection('organizations')
      .update(station.organization.id, { archived: true });
    expect((await server.fetch(`/embed/${embed.id}`)).status).toBe(404);
  });

  it("serves the /embeds page's preview to the app only", async () => {
    const response = await server.fetch('/embed/preview');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(WIDGET_HTML);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('*');
  });

  it('leaves the app itself unframable by other sites', async () => {
    const response = await server.fetch('/embeds');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});
