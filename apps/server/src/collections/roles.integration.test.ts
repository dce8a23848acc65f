import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Role } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  signUpOwner,
  superuser,
} from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

// The capability table of docs/roles.md, checked cell by cell against a real server: each role
// tries each action in an organization of its own making, and the outcome must be what the
// table says. Changing a rule without the table (or the table without the rule) fails here.

const TABLE = fileURLToPath(new URL('../../../../docs/roles.md', import.meta.url));
const ROLES: Role[] = ['owner', 'admin', 'editor', 'producer', 'viewer'];
type Cell = 'yes' | 'no' | 'own';

/** The table's rows: `area / action` → the cell for each role. */
function readTable(): Map<string, Record<Role, Cell>> {
  const rows = new Map<string, Record<Role, Cell>>();
  for (const line of readFileSync(TABLE, 'utf8').split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 7 || cells[0] === 'area' || cells[0]?.startsWith('---')) continue;
    const [area, action, ...byRole] = cells;
    rows.set(
      `${area} / ${action}`,
      Object.fromEntries(ROLES.map((role, index) => [role, byRole[index] as Cell])) as Record<
        Role,
        Cell
      >,
    );
  }
  return rows;
}

/** An organization with one member of each role, a channel, a show and a pending invite. */
interface Station {
  organization: string;
  owner: PocketBase;
  members: Record<Role, { pb: PocketBase; id: string }>;
  channel: string;
  show: string;
  remittance: string;
}

let server: TestServer;
let root: PocketBase;
let shared: Station;
let minutes = 0;

async function station(): Promise<Station> {
  const owner = await signUpOwner(server);
  const organization = owner.organization.id;
  const members = { owner: { pb: owner.pb, id: owner.record.id } } as Station['members'];
  for (const role of ROLES.slice(1)) {
    const member = await createMember(server, organization, role, root);
    members[role] = { pb: member.pb, id: member.record.id };
  }
  const channel = await createChannel(owner.pb, organization);
  const show = await createShow(owner.pb, organization);
  await owner.pb
    .collection('invites')
    .create({ organization, email: `pending-${organization}@example.org`, role: 'viewer' });
  const remittance = await owner.pb
    .collection('remittances')
    .create({ organization, bankName: 'Station Bank', routingNumber: '021000021' });
  return {
    organization,
    owner: owner.pb,
    members,
    channel: channel.id,
    show: show.id,
    remittance: remittance.id,
  };
}

/** A new viewer of the station, for actions that change someone. */
async function target(at: Station) {
  return (await createMember(server, at.organization, 'viewer', root)).record.id;
}

/** A free hour on the station's channel (each call a later one). */
function nextHour(at: Station, show = at.show) {
  minutes += 60;
  const start = new Date(Date.UTC(2031, 0, 6, 0, 0) + minutes * 60_000).toISOString();
  return { channel: at.channel, show, start: start.replace('T', ' '), durationSec: 3600 };
}

/** Runs the action; true when the server did it, false when it refused. */
async function attempt(work: () => Promise<unknown>): Promise<boolean> {
  try {
    const result = await work();
    return result !== false;
  } catch (error) {
    if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500)
      return false;
    throw error;
  }
}

type Action = (actor: { pb: PocketBase; id: string }, at: Station) => Promise<unknown>;

/**
 * Each row of the table as something a member does. `fresh` actions change the actor or the
 * whole organization, so each role tries them in a station of its own. An action resolving to
 * `false` was refused without an error (a list the rules filtered empty).
 */
const ACTIONS: Record<string, { run: Action; fresh?: boolean }> = {
  'organization / read': {
    run: ({ pb }, at) => pb.collection('organizations').getOne(at.organization),
  },
  'organization / edit': {
    run: ({ pb }, at) =>
      pb.collection('organizations').update(at.organization, { name: 'Renamed' }),
  },
  'organization / archive': {
    fresh: true,
    run: ({ pb }, at) => pb.collection('organizations').update(at.organization, { archived: true }),
  },
  'organization / delete': {
    fresh: true,
    run: ({ pb }, at) => pb.collection('organizations').delete(at.organization),
  },
  'remittance / read': {
    run: async ({ pb }, at) =>
      (await pb.collection('remittances').getFullList()).some((one) => one.id === at.remittance),
  },
  'remittance / edit': {
    run: ({ pb }, at) =>
      pb.collection('remittances').update(at.remittance, { bankName: 'Edited Bank' }),
  },
  'members / list': {
    run: async ({ pb }, at) =>
      (await pb.collection('users').getFullList()).some((user) => user.id === at.members.owner.id),
  },
  'members / change a role': {
    run: async ({ pb }, at) =>
      pb.collection('users').update(await target(at), { role: 'producer' }),
  },
  'members / make an owner': {
    run: async ({ pb }, at) => pb.collection('users').update(await target(at), { role: 'owner' }),
  },
  'members / remove': {
    run: async ({ pb }, at) =>
      pb.collection('users').update(await target(at), { organization: '' }),
  },
  'members / transfer ownership': {
    fresh: true,
    run: ({ pb }, at) =>
      pb.send('/api/v1/members/transfer-ownership', {
        method: 'POST',
        body: { member: at.members.viewer.id },
      }),
  },
  'members / leave': {
    fresh: true,
    run: ({ pb, id }) => pb.collection('users').update(id, { organization: '' }),
  },
  'invites / list': {
    run: async ({ pb }) => (await pb.collection('invites').getFullList()).length > 0,
  },
  'invites / create': {
    run: ({ pb }, at) =>
      pb.collection('invites').create({
        organization: at.organization,
        email: `invitee-${Math.random().toString(36).slice(2)}@example.org`,
        role: 'viewer',
      }),
  },
  'invites / revoke': {
    run: async ({ pb }, at) => {
      const invite = await at.owner.collection('invites').create({
        organization: at.organization,
        email: `revoke-${Math.random().toString(36).slice(2)}@example.org`,
        role: 'viewer',
      });
      return pb.collection('invites').delete(invite.id);
    },
  },
  'channels / read': { run: ({ pb }, at) => pb.collection('channels').getOne(at.channel) },
  'channels / create': { run: ({ pb }, at) => createChannel(pb, at.organization) },
  'channels / edit': {
    run: ({ pb }, at) => pb.collection('channels').update(at.channel, { description: 'Edited' }),
  },
  'shows / read': { run: ({ pb }, at) => pb.collection('shows').getOne(at.show) },
  'shows / create': { run: ({ pb }, at) => createShow(pb, at.organization) },
  'shows / edit': {
    run: ({ pb }, at) => pb.collection('shows').update(at.show, { description: 'Edited' }),
  },
  'shows / delete': {
    run: async ({ pb }, at) =>
      pb.collection('shows').delete((await createShow(at.owner, at.organization)).id),
  },
  'schedule / create a timeslot': {
    run: ({ pb }, at) => createTimeslot(pb, at.organization, nextHour(at)),
  },
  'schedule / move a timeslot': {
    run: async ({ pb }, at) => {
      const timeslot = await createTimeslot(at.owner, at.organization, nextHour(at));
      return pb.collection('timeslots').update(timeslot.id, { start: nextHour(at).start });
    },
  },
  'schedule / delete a timeslot': {
    run: async ({ pb }, at) =>
      pb
        .collection('timeslots')
        .delete((await createTimeslot(at.owner, at.organization, nextHour(at))).id),
  },
  'embeds / create': {
    run: ({ pb }, at) =>
      pb.collection('embeds').create({
        organization: at.organization,
        name: 'Guide',
        kind: 'guide',
        channels: [at.channel],
      }),
  },
};

/**
 * "own" cells: the same action on a record the member owns succeeds, on one they do not it is
 * refused. Only producers' shows are "own" today.
 */
const OWN_ACTIONS: Record<string, Action> = {
  'shows / create': ({ pb, id }, at) => createShow(pb, at.organization, { producer: id }),
  'shows / edit': async ({ pb, id }, at) => {
    const show = await createShow(at.owner, at.organization, { producer: id });
    return pb.collection('shows').update(show.id, { description: 'Edited' });
  },
  'shows / delete': async ({ pb, id }, at) => {
    const show = await createShow(at.owner, at.organization, { producer: id });
    return pb.collection('shows').delete(show.id);
  },
};

const table = existsSync(TABLE) ? readTable() : new Map<string, Record<Role, Cell>>();

beforeAll(async () => {
  server = await startTestServer();
  root = await superuser(server);
  shared = await station();
});

afterAll(async () => {
  await server?.stop();
});

describe('docs/roles.md', () => {
  it('names every action this test knows, and this test knows every row', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  for (const [row, cells] of table) {
    it(`${row}: ${ROLES.map((role) => `${role} ${cells[role]}`).join(', ')}`, async () => {
      const action = ACTIONS[row];
      if (!action) throw new Error(`No action for the row "${row}"`);
      const outcomes: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const role of ROLES) {
        const at = action.fresh ? await station() : shared;
        const actor = at.members[role];
        const cell = cells[role];
        if (cell === 'own') {
          const own = OWN_ACTIONS[row];
          if (!own) throw new Error(`The row "${row}" says "own" but no own action is defined`);
          const others = await attempt(() => action.run(actor, at));
          const mine = await attempt(() => own(actor, at));
          outcomes[role] = `others ${others ? 'yes' : 'no'}, own ${mine ? 'yes' : 'no'}`;
          expected[role] = 'others no, own yes';
        } else {
          outcomes[role] = (await attempt(() => action.run(actor, at))) ? 'yes' : 'no';
          expected[role] = cell;
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
