import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { createShow, signUp, signUpOwner, tinyWav } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { loadConfig } from '../config.js';
import { S3Storage } from './s3-storage.js';

// The same files API with an S3 bucket behind it (a fake S3 server on loopback).

let s3: TestS3;
let server: TestServer;
let bucket: S3Storage;

const USERS = '_pb_users_auth_';

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#aa3355' } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  s3 = await startTestS3();
  server = await startTestServer({ env: s3.env });
  const config = loadConfig({ ...s3.env, DATA_DIR: server.dataDir });
  if (config.storage.kind !== 's3') throw new Error('expected S3 storage');
  bucket = new S3Storage(config.storage);
});

afterAll(async () => {
  bucket?.close();
  await server?.stop();
  await s3?.stop();
});

describe('S3 storage', () => {
  it('uploads to the bucket, serves whole files, ranges and thumbnails, and deletes', async () => {
    const me = await signUp(server);
    const original = await png(300, 300);
    const record = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: new File([original], 'cloud.png') });
    const key = `${USERS}/${record.id}/${record.avatar}`;
    expect(await bucket.stat(key)).toMatchObject({
      size: original.length,
      contentType: 'image/png',
    });

    const whole = await fetch(me.pb.files.getURL(record, record.avatar));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    const part = await fetch(me.pb.files.getURL(record, record.avatar), {
      headers: { Range: 'bytes=4-11' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(4, 12))).toBe(true);

    const thumb = await fetch(me.pb.files.getURL(record, record.avatar, { thumb: '100x100' }));
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    expect(await sharp(thumbBytes).metadata()).toMatchObject({ width: 100, height: 100 });
    const thumbKey = `${USERS}/${record.id}/thumbs_${record.avatar}/100x100_${record.avatar}`;
    expect(await bucket.stat(thumbKey)).toMatchObject({
      size: thumbBytes.length,
      contentType: 'image/png',
    });

    const next = await png(50, 50);
    const replaced = await me.pb
      .collection('users')
      .update(me.record.id, { avatar: new File([next], 'next.png') });
    expect(await bucket.stat(key)).toBeNull();
    expect(await bucket.stat(thumbKey)).toBeNull();
    const nextKey = `${USERS}/${record.id}/${replaced.avatar}`;
    expect(await bucket.stat(nextKey)).toMatchObject({
      size: next.length,
      contentType: 'image/png',
    });

    await me.pb.collection('users').delete(me.record.id);
    expect(await bucket.stat(nextKey)).toBeNull();
  });

  it('serves a protected file from the bucket only with a file token', async () => {
    const station = await signUpOwner(server);
    const show = await createShow(station.pb, station.organization.id, {
      title: 'Cloud show',
      media: new File([tinyWav()], 'episode.wav'),
    });
    expect((await fetch(station.pb.files.getURL(show, show.media))).status).toBe(404);
    const token = await station.pb.files.getToken();
    const response = await fetch(station.pb.files.getURL(show, show.media, { token }));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(tinyWav());
  });
});
