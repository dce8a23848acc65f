import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createMember, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// The equipment label sheet (issue 20; SQLite and PostgreSQL): a PDF of the station's items
// for its staff, 30 to a page, never another station's.

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
const ids: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server, { name: 'Riverside Community TV' });
  const organization = station.organization.id;
  for (let index = 0; index < 31; index += 1) {
    const item = await station.pb.collection('equipment').create({
      organization,
      name: `Camera ${String(index).padStart(2, '0')} with a rather long name for its label`,
      serial: `SN-${index}`,
      barcode: index % 2 ? `RCTV-${index}` : '',
    });
    ids.push(item.id);
  }
  await station.pb
    .collection('equipment')
    .create({ organization, name: 'Old deck', status: 'retired' });
});

afterAll(async () => {
  await server?.stop();
});

const labels = (token: string, query = '') =>
  server.fetch(`/api/v1/equipment/labels.pdf${query}`, {
    headers: token ? { authorization: token } : {},
  });
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('equipment labels', () => {
  it('print every item not retired, thirty to a page, for staff', async () => {
    const response = await labels(station.pb.authStore.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(2);

    const two = await labels(station.pb.authStore.token, `?ids=${ids[0]},${ids[1]}`);
    expect(pages(Buffer.from(await two.arrayBuffer()))).toBe(1);
  });

  it('are for the station’s staff, and only of its own items', async () => {
    const viewer = await createMember(server, station.organization.id, 'viewer');
    expect((await labels(viewer.pb.authStore.token)).status).toBe(403);
    expect((await labels('')).status).toBe(401);
    const other = await signUpOwner(server);
    const foreign = await labels(other.pb.authStore.token, `?ids=${ids[0]}`);
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { message: string }).message).toBe(
      'There is no equipment to print labels for.',
    );
    const bad = await labels(station.pb.authStore.token, '?ids=../../etc');
    expect(bad.status).toBe(400);
    expect((await failure(client(server).send('/api/v1/equipment/labels.pdf', {}))).status).toBe(
      401,
    );
  });
});
