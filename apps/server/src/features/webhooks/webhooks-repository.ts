import { toRecordDate } from '@airgrid/domain';
import type { Kysely, Selectable } from 'kysely';
import { adminsOf } from '../../collections/memberships-repository.js';
import { jsonColumn } from '../../db/column-types.js';
import type { CollectionTable, Database } from '../../db/tables.js';
import { newRecordId } from '../../records/record-id.js';

// The webhooks' SQL (decision 0032). `webhookDeliveries` is also the delivery queue: every
// node asks it for due deliveries and takes one with a conditional update that only one node
// can win on either database (as jobs/job-queue-repository.ts does); a claim holds until its
// lease ends, so a node that dies mid-attempt loses the delivery to the next one that looks.

export type DeliveryRow = Selectable<CollectionTable<'webhookDeliveries'>>;

/** What a sender needs of a webhook. */
export interface WebhookTarget {
  id: string;
  organization: string;
  url: string;
  secret: string;
  enabled: boolean;
  failingSince: string;
}

export interface NewDelivery {
  id: string;
  organization: string;
  webhook: string;
  event: string;
  payload: unknown;
}

/** How many due deliveries one look considers (others may be claimed by other nodes meanwhile). */
const CANDIDATES = 10;

export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The enabled webhooks of these organizations, with the events each listens to. */
  async enabledIn(
    organizations: readonly string[],
  ): Promise<{ id: string; organization: string; events: string[] }[]> {
    if (organizations.length === 0) return [];
    const rows = await this.db
      .selectFrom('webhooks')
      .select(['id', 'organization', 'events'])
      .where('organization', 'in', organizations)
      .where('enabled', '=', true)
      .execute();
    return rows.map((row) => ({ ...row, events: stringList(row.events) }));
  }

  async target(id: string): Promise<WebhookTarget | undefined> {
    const row = await this.db
      .selectFrom('webhooks')
      .select(['id', 'organization', 'url', 'secret', 'enabled', 'failingSince'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, enabled: Boolean(row.enabled) };
  }

  /** Queues deliveries, due now. */
  async enqueue(deliveries: readonly NewDelivery[], now: number): Promise<void> {
    if (deliveries.length === 0) return;
    const at = toRecordDate(now);
    await this.db
      .insertInto('webhookDeliveries')
      .values(
        deliveries.map((delivery) => ({
          ...delivery,
          payload: JSON.stringify(delivery.payload),
          status: 'pending',
          nextAttempt: at,
          created: at,
          updated: at,
        })),
      )
      .execute();
  }

  /** A delivery made and claimed at once by `node` (the test event is sent straight away). */
  async insertClaimed(
    delivery: NewDelivery,
    node: string,
    now: number,
    leaseUntil: number,
  ): Promise<void> {
    const at = toRecordDate(now);
    await this.db
      .insertInto('webhookDeliveries')
      .values({
        ...delivery,
        payload: JSON.stringify(delivery.payload),
        status: 'pending',
        attempts: 1,
        nextAttempt: at,
        lockedBy: node,
        lockedUntil: toRecordDate(leaseUntil),
        created: at,
        updated: at,
      })
      .execute();
  }

  /** Takes the most overdue delivery for `node` until `leaseUntil`, or undefined when none is due. */
  async claim(node: string, now: number, leaseUntil: number): Promise<DeliveryRow | undefined> {
    const at = toRecordDate(now);
    // A lease that ended ('' sorts first) is free to take: its node died or hung.
    const due = await this.db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('nextAttempt', '<=', at)
      .where('lockedUntil', '<', at)
      .orderBy('nextAttempt')
      .limit(CANDIDATES)
      .execute();
    for (const { id } of due) {
      const result = await this.db
        .updateTable('webhookDeliveries')
        .set((eb) => ({
          lockedBy: node,
          lockedUntil: toRecordDate(leaseUntil),
          attempts: eb('attempts', '+', 1),
          updated: at,
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('lockedUntil', '<', at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0)
        return this.db
          .selectFrom('webhookDeliveries')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
    }
    return undefined;
  }

  /** Ends this node's claim with the attempt's outcome; false when the claim was lost. */
  async settle(
    id: string,
    node: string,
    changes: Partial<Omit<DeliveryRow, 'id' | 'created' | 'payload'>>,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('webhookDeliveries')
      .set({ ...changes, lockedBy: '', lockedUntil: '', updated: toRecordDate(now) })
      .where('id', '=', id)
      .where('lockedBy', '=', node)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A delivery succeeded: the webhook is no longer failing. */
  async markHealthy(webhook: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set({ failingSince: '', updated: toRecordDate(now) })
      .where('id', '=', webhook)
      .where('failingSince', '!=', '')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A delivery failed: the webhook is failing since now, unless it already was; since when. */
  async markFailing(webhook: string, now: number): Promise<string> {
    const at = toRecordDate(now);
    await this.db
      .updateTable('webhooks')
      .set({ failingSince: at, updated: at })
      .where('id', '=', webhook)
      .where('failingSince', '=', '')
      .execute();
    const row = await this.db
      .selectFrom('webhooks')
      .select('failingSince')
      .where('id', '=', webhook)
      .executeTakeFirst();
    return row?.failingSince ?? '';
  }

  /**
   * Turns the webhook off with the reason and fails its waiting deliveries; true for the one
   * call that turned it off (so its admins are told once, whichever node gets there).
   */
  async disable(webhook: string, reason: string, now: number): Promise<boolean> {
    const at = toRecordDate(now);
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('webhooks')
        .set({ enabled: false, disabledReason: reason, updated: at })
        .where('id', '=', webhook)
        .where('enabled', '=', true)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('webhookDeliveries')
        .set({ status: 'failed', error: reason, nextAttempt: '', updated: at })
        .where('webhook', '=', webhook)
        .where('status', '=', 'pending')
        .where('lockedBy', '=', '')
        .execute();
      return true;
    });
  }

  /** The organization's owners and admins (they hear of a webhook turned off). */
  admins(organization: string): Promise<string[]> {
    return adminsOf(this.db, organization);
  }

  /**
   * Bounds the log: finished deliveries older than `before` go, and past the newest `keep` of
   * a webhook the older finished ones. Waiting deliveries always stay. Returns how many went.
   */
  async prune(before: number, keep: number): Promise<number> {
    let removed = 0;
    const old = await this.db
      .deleteFrom('webhookDeliveries')
      .where('status', '!=', 'pending')
      .where('created', '<', toRecordDate(before))
      .executeTakeFirst();
    removed += Number(old.numDeletedRows);
    const crowded = await this.db
      .selectFrom('webhookDeliveries')
      .select('webhook')
      .groupBy('webhook')
      .having((eb) => eb.fn.countAll(), '>', keep)
      .execute();
    for (const { webhook } of crowded) {
      const edge = await this.db
        .selectFrom('webhookDeliveries')
        .select('created')
        .where('webhook', '=', webhook)
        .orderBy('created', 'desc')
        .limit(1)
        .offset(keep - 1)
        .executeTakeFirst();
      if (!edge) continue;
      const trimmed = await this.db
        .deleteFrom('webhookDeliveries')
        .where('webhook', '=', webhook)
        .where('status', '!=', 'pending')
        .where('created', '<', edge.created)
        .executeTakeFirst();
      removed += Number(trimmed.numDeletedRows);
    }
    return removed;
  }

  /** A new delivery's id (PocketBase-style, like every record's). */
  newId(): string {
    return newRecordId();
  }
}

/** A json column's string list: PostgreSQL reads jsonb as values, SQLite as text. */
function stringList(value: unknown): string[] {
  const parsed = jsonColumn(value);
  return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
}
