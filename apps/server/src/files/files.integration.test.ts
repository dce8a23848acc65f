import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createShow,
  failure,
  signUp,
  signUpOwner,
  superuser,
  tinyWav,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// Uploads and downloads through the official SDK, as the web app sends them (API-CONTRACT §7).

let server: TestServer;
let root: PocketBase;
let station: Awaited<ReturnType<typeof signUpOwner>>;

const USERS = '_pb_users_auth_';
const CHANNELS = 'pbc_3009067695';

/** A solid-colour image made on the fly: no binary fixtures. */
async function image(format: 'png' | 'jpeg' | 'gif', width: number, height: number) {
  const base = sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } });
  return (format === 'png' ? base.png() : format === 'jpeg' ? base.jpeg() : base.gif()).toBuffer();
}

function svg(width: number, height: number): Buffer {
  return Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<script>alert(1)</script><rect width="10" height="10"/></svg>`,
  );
}

function upload(data: Buffer | string, name: string, type = 'application/octet-stream'): File {
  return new File([data], name, { type });
}

/** The stored file of a record on disk, as local storage keeps it. */
function storedPath(collectionId: string, recordId: string, ...rest: string[]): string {
  return path.join(server.dataDir, 'storage', collectionId, recordId, ...rest);
}

/** Set to hold the server's clock still; the real time otherwise. */
let heldAt: number | undefined;

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => heldAt ?? Date.now() } });
  root = await superuser(server);
  station = await signUpOwner(server);
});

afterAll(async () => {
  await server?.stop();
});

describe('uploading an avatar', () => {
  it('stores a PNG under a normalized name and serves it back inline', async () => {
    const me = await signUp(server);
    const png = await image('png', 300, 200);
    const record = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: upload(png, 'My Photo.png', 'image/png') });
    expect(record.avatar).toMatch(/^my_photo_[a-z0-9]{10}\.png$/);
    expect(existsSync(storedPath(USERS, record.id, record.avatar))).toBe(true);

    const response = await fetch(me.pb.files.getURL(record, record.avatar));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="${record.avatar}"`);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get('cache-control')).toBe(
      'max-age=2592000, stale-while-revalidate=86400',
    );
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('accept-ranges')).toBe('bytes');
  });

  it('accepts JPEG, GIF and SVG avatars', async () => {
    const me = await signUp(server);
    for (const [data, name] of [
      [await image('jpeg', 64, 64), 'face.jpg'],
      [await image('gif', 64, 64), 'face.gif'],
      [svg(120, 120), 'face.svg'],
    ] as const) {
      const record = await me.pb
        .collection('users')
        .update(me.record.id, { avatar: upload(data, name) });
      expect(record.avatar).toMatch(new RegExp(`^face_[a-z0-9]{10}\\.${name.split('.')[1]}$`));
    }
  });

  it('serves an SVG as an image under the sandbox policy, so its script never runs', async () => {
    const me = await signUp(server);
    const record = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: upload(svg(200, 100), 'logo.svg', 'image/svg+xml') });
    const response = await fetch(me.pb.files.getURL(record, record.avatar));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Not in PocketBase's inline list: a browser downloads it rather than opening it.
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('takes an extension from the content when the name has none', async () => {
    const me = await signUp(server);
    const record = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: upload(await image('png', 10, 10), 'avatar') });
    expect(record.avatar).toMatch(/^avatar_[a-z0-9]{10}\.png$/);
  });
});

describe('refused uploads', () => {
  it('refuses a file over the field limit with validation_file_size_limit', async () => {
    const me = await signUp(server);
    const big = Buffer.concat([await image('png', 10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const result = await failure(
      me.pb.collection('users').update(me.record.id, { avatar: upload(big, 'big.png') }),
    );
    expect(result.status).toBe(400);
    expect(result.message).toBe('Failed to update record.');
    expect(result.data.avatar).toMatchObject({
      code: 'validation_file_size_limit',
      message: 'Failed to upload "big.png": the file is larger than the 5 MB allowed.',
    });
  });

  it('refuses a PDF or a text file as an avatar, naming the allowed types', async () => {
    const me = await signUp(server);
    for (const [data, name] of [
      ['%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'photo.png'],
      ['just some words', 'notes.txt'],
    ] as const) {
      const result = await failure(
        me.pb.collection('users').update(me.record.id, { avatar: upload(data, name, 'image/png') }),
      );
      expect(result.status).toBe(400);
      expect(result.data.avatar).toMatchObject({ code: 'validation_invalid_mime_type' });
      expect((result.data.avatar as { message: string }).message).toContain(
        'only SVG, PNG, JPG or GIF files are allowed',
      );
    }
  });

  it('refuses an image larger than 800 × 800 px, saying how large it is', async () => {
    const me = await signUp(server);
    const result = await failure(
      me.pb
        .collection('users')
        .update(me.record.id, { avatar: upload(await image('png', 801, 800), 'wide.png') }),
    );
    expect(result.data.avatar).toEqual({
      code: 'validation_image_too_large',
      message: 'The image must be at most 800 × 800 px (this one is 801 × 800).',
      params: { maxWidth: 800, maxHeight: 800, width: 801, height: 800 },
    });
    const vector = await failure(
      me.pb.collection('users').update(me.record.id, { avatar: upload(svg(1024, 768), 'big.svg') }),
    );
    expect((vector.data.avatar as { message: string }).message).toBe(
      'The image must be at most 800 × 800 px (this one is 1024 × 768).',
    );
  });

  it('answers 413 to a request larger than the collection allows (32 MiB + its file fields)', async () => {
    const me = await signUp(server);
    const form = new FormData();
    form.append('avatar', new File([Buffer.alloc(38 * 1024 * 1024)], 'huge.png'));
    const response = await server.fetch(`/api/collections/users/records/${me.record.id}`, {
      method: 'PATCH',
      body: form,
      headers: { Authorization: me.pb.authStore.token },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      status: 413,
      message: 'Request entity too large.',
    });
  });

  it('refuses a file name the record does not already have', async () => {
    const me = await signUp(server);
    const result = await failure(
      me.pb.collection('users').update(me.record.id, { avatar: 'someone_else_abcdefghij.png' }),
    );
    expect(result.data.avatar).toMatchObject({ code: 'validation_invalid_file' });
  });

  it('leaves no stored or temporary file after a failed save', async () => {
    const before = readdirSync(path.join(server.dataDir, 'tmp', 'uploads'));
    const result = await failure(
      createChannel(station.pb, station.organization.id, {
        slug: 'Not A Slug',
        logo: upload(await image('png', 50, 50), 'logo.png'),
      }),
    );
    expect(result.data.slug).toMatchObject({ code: 'validation_invalid_format' });
    expect(existsSync(path.join(server.dataDir, 'storage', CHANNELS))).toBe(false);
    expect(readdirSync(path.join(server.dataDir, 'tmp', 'uploads'))).toEqual(before);
  });
});

describe('downloads', () => {
  let record: { id: string; avatar: string; collectionId: string; collectionName: string };
  let png: Buffer;
  let pb: PocketBase;

  beforeAll(async () => {
    const me = await signUp(server);
    pb = me.pb;
    png = await image('png', 600, 300);
    record = (await pb
      .collection('users')
      .update(me.record.id, { avatar: upload(png, 'wide.png') })) as typeof record;
  });

  it('makes a 100x100 thumbnail on first request and keeps it', async () => {
    const response = await fetch(pb.files.getURL(record, record.avatar, { thumb: '100x100' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="100x100_${record.avatar}"`,
    );
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 100, 'png']);
    expect(
      existsSync(
        storedPath(USERS, record.id, `thumbs_${record.avatar}`, `100x100_${record.avatar}`),
      ),
    ).toBe(true);
  });

  it('keeps the aspect ratio for Wx0 and serves the original for sizes the field does not list', async () => {
    const wide = await fetch(pb.files.getURL(record, record.avatar, { thumb: '400x0' }));
    expect(await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).toMatchObject({
      width: 400,
      height: 200,
    });
    const unlisted = await fetch(pb.files.getURL(record, record.avatar, { thumb: '50x50' }));
    expect(Buffer.from(await unlisted.arrayBuffer()).equals(png)).toBe(true);
  });

  it('forces a download with download=1', async () => {
    const response = await fetch(pb.files.getURL(record, record.avatar, { download: true }));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${record.avatar}"`,
    );
  });

  it('serves byte ranges, and 416 for a range past the end', async () => {
    const url = pb.files.getURL(record, record.avatar);
    const part = await fetch(url, { headers: { Range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 10))).toBe(true);
    const tail = await fetch(url, { headers: { Range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(png.subarray(-5))).toBe(true);
    const past = await fetch(url, { headers: { Range: `bytes=${png.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${png.length}`);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(pb.files.getURL(record, record.avatar), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await response.text()).toBe('');
  });

  it('answers 304 to a request with the current ETag or date', async () => {
    const url = pb.files.getURL(record, record.avatar);
    const first = await fetch(url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const modified = first.headers.get('last-modified') ?? '';
    expect((await fetch(url, { headers: { 'If-Modified-Since': modified } })).status).toBe(304);
  });

  it('is 404 for an unknown collection, record or file name', async () => {
    for (const pathname of [
      `/api/files/nope/${record.id}/${record.avatar}`,
      `/api/files/users/aaaaaaaaaaaaaaa/${record.avatar}`,
      `/api/files/users/${record.id}/other_abcdefghij.png`,
      `/api/files/users/${record.id}/..%2F..%2Fsecret.key`,
    ]) {
      const response = await server.fetch(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.json()).toMatchObject({ status: 404 });
    }
  });
});

describe('uploads that could run', () => {
  it('takes only video or audio as media, told by content, not by name', async () => {
    const script = 'fetch("/api/collections/users/records").then(r => r.text())';
    for (const [data, name] of [
      [script, 'player.js'],
      ['<html><script>alert(1)</script></html>', 'clip.mp4'],
    ] as const) {
      const refused = await failure(
        createShow(station.pb, station.organization.id, {
          title: 'Not media',
          media: upload(data, name, 'video/mp4'),
        }),
      );
      expect(refused.data.media).toMatchObject({
        code: 'validation_invalid_mime_type',
        message: expect.stringContaining('only video or audio files are allowed'),
      });
    }
  });
});

describe('protected files', () => {
  it('needs a file token whose record passes the viewRule', async () => {
    const show = await createShow(station.pb, station.organization.id, {
      title: 'Council meeting',
      media: upload(tinyWav(), 'meeting.wav', 'audio/wav'),
    });
    expect(show.media).toMatch(/^meeting_[a-z0-9]{10}\.wav$/);

    expect((await fetch(station.pb.files.getURL(show, show.media))).status).toBe(404);
    const token = await station.pb.files.getToken();
    const allowed = await fetch(station.pb.files.getURL(show, show.media, { token }));
    expect(allowed.status).toBe(200);
    expect(Buffer.from(await allowed.arrayBuffer())).toEqual(tinyWav());
    // Audio plays in place; the download parameter asks for a download.
    expect(allowed.headers.get('content-disposition')).toMatch(/^inline; /);

    const outsider = await signUpOwner(server);
    const otherToken = await outsider.pb.files.getToken();
    expect(
      (await fetch(station.pb.files.getURL(show, show.media, { token: otherToken }))).status,
    ).toBe(404);
    // A superuser's file token passes any rule.
    const rootToken = await root.files.getToken();
    expect((await fetch(root.files.getURL(show, show.media, { token: rootToken }))).status).toBe(
      200,
    );
  });

  it('gives file tokens only to signed-in records', async () => {
    const response = await server.fetch('/api/files/token', { method: 'POST' });
    expect(response.status).toBe(401);
    // The server's clock held in the middle of this second, so the expiry is known exactly.
    const second = Math.floor(Date.now() / 1000);
    heldAt = second * 1000 + 500;
    const token = await station.pb.files.getToken().finally(() => {
      heldAt = undefined;
    });
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    // A file token lasts three minutes, as PocketBase's do.
    expect(claims).toMatchObject({ type: 'file', id: station.record.id, exp: second + 180 });
  });
});

describe('storage clean-up', () => {
  it('deletes a replaced file and its thumbnails after the update commits', async () => {
    const me = await signUp(server);
    const first = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: upload(await image('png', 200, 200), 'one.png') });
    await fetch(me.pb.files.getURL(first, first.avatar, { thumb: '100x100' }));
    expect(existsSync(storedPath(USERS, first.id, `thumbs_${first.avatar}`))).toBe(true);

    const second = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: upload(await image('png', 200, 200), 'two.png') });
    expect(existsSync(storedPath(USERS, first.id, first.avatar))).toBe(false);
    expect(existsSync(storedPath(USERS, first.id, `thumbs_${first.avatar}`))).toBe(false);
    expect(existsSync(storedPath(USERS, first.id, second.avatar))).toBe(true);
    expect((await fetch(me.pb.files.getURL(first, first.avatar))).status).toBe(404);

    const cleared = await me.pb.collection('users').update(me.record.id, { avatar: '' });
    expect(cleared.avatar).toBe('');
    expect(existsSync(storedPath(USERS, first.id, second.avatar))).toBe(false);
  });

  it('keeps the file when a save without it changes other fields', async () => {
    const me = await signUp(server);
    const record = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: upload(await image('gif', 20, 20), 'keep.gif') });
    const renamed = await me.pb.collection('users').update(me.record.id, { name: 'Renamed' });
    expect(renamed.avatar).toBe(record.avatar);
    expect(existsSync(storedPath(USERS, record.id, record.avatar))).toBe(true);
  });

  it("deletes a record's files with it, also through cascade deletes", async () => {
    const channel = await createChannel(station.pb, station.organization.id, {
      logo: upload(await image('png', 80, 80), 'logo.png'),
      bumperImage: upload(await image('jpeg', 1280, 720), 'bumper.jpg'),
    });
    expect(existsSync(storedPath(CHANNELS, channel.id, channel.logo))).toBe(true);
    await station.pb.collection('channels').delete(channel.id);
    expect(existsSync(storedPath(CHANNELS, channel.id))).toBe(false);

    const owner = await signUpOwner(server);
    const cascaded = await owner.pb.collection('channels').create({
      organization: owner.organization.id,
      name: 'Doomed',
      slug: 'doomed',
      timeZone: 'UTC',
      logo: upload(await image('png', 80, 80), 'logo.png'),
    });
    expect(existsSync(storedPath(CHANNELS, cascaded.id, cascaded.logo))).toBe(true);
    await owner.pb.collection('organizations').delete(owner.organization.id);
    expect(existsSync(storedPath(CHANNELS, cascaded.id))).toBe(false);
  });
});

describe('batch uploads', () => {
  it('stores files sent with batch requests once the batch commits', async () => {
    const batch = station.pb.createBatch();
    batch.collection('channels').create({
      organization: station.organization.id,
      name: 'Batch channel',
      slug: 'batch-channel',
      timeZone: 'UTC',
      logo: upload(await image('png', 40, 40), 'batch.png'),
    });
    const [created] = await batch.send();
    const channel = created?.body as { id: string; logo: string };
    expect(channel.logo).toMatch(/^batch_[a-z0-9]{10}\.png$/);
    expect(existsSync(storedPath(CHANNELS, channel.id, channel.logo))).toBe(true);

    const failing = station.pb.createBatch();
    failing.collection('channels').create({
      organization: station.organization.id,
      name: 'Never',
      slug: 'never-saved',
      timeZone: 'UTC',
      logo: upload(await image('png', 40, 40), 'never.png'),
    });
    failing.collection('channels').create({ organization: station.organization.id, name: '' });
    const result = await failure(failing.send());
    expect(result.status).toBe(400);
    const list = await station.pb
      .collection('channels')
      .getFullList({ filter: 'slug = "never-saved"' });
    expect(list).toEqual([]);
    const stored = readdirSync(path.join(server.dataDir, 'storage', CHANNELS), { recursive: true });
    expect(stored.filter((name) => String(name).includes('never_'))).toEqual([]);
  });
});
