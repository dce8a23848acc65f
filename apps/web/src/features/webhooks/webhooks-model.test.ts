import type { WebhookDeliveryRecord, WebhookRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  createBody,
  DELIVERIES_SHOWN,
  emptyWebhookForm,
  isWebhookEvent,
  sortDeliveries,
  sortWebhooks,
  testResultOf,
  updateBody,
  webhookFormOf,
  webhookProblems,
  webhookState,
} from './webhooks-model';

function webhook(overrides: Partial<WebhookRecord> = {}): WebhookRecord {
  return {
    id: 'w',
    created: '2026-11-01 00:00:00.000Z',
    updated: '2026-11-01 00:00:00.000Z',
    organization: 'o',
    url: 'https://example.org/hook',
    events: ['timeslot.created'],
    description: 'Website',
    enabled: true,
    failingSince: '',
    disabledReason: '',
    ...overrides,
  };
}

function delivery(id: string, created: string): WebhookDeliveryRecord {
  return {
    id,
    created,
    updated: created,
    organization: 'o',
    webhook: 'w',
    event: 'ping',
    payload: {},
    status: 'delivered',
    attempts: 1,
    responseStatus: 200,
    responseMs: 12,
    error: '',
    nextAttempt: '',
    deliveredAt: created,
  };
}

describe('the webhook form', () => {
  it('needs an address and at least one known event', () => {
    expect(webhookProblems(emptyWebhookForm())).toEqual({ url: 'required', events: 'required' });
    expect(webhookProblems({ ...emptyWebhookForm(), url: '  ', events: ['nonsense'] })).toEqual({
      url: 'required',
      events: 'required',
    });
    expect(
      webhookProblems({ ...emptyWebhookForm(), url: 'https://x.org', events: ['ping'] }),
    ).toEqual({ events: 'required' }); // ping is the test event only
    expect(
      webhookProblems({ ...emptyWebhookForm(), url: 'https://x.org', events: ['show.changed'] }),
    ).toEqual({});
  });

  it('knows the events a webhook may choose', () => {
    expect(isWebhookEvent('timeslot.created')).toBe(true);
    expect(isWebhookEvent('ping')).toBe(false);
    expect(isWebhookEvent(undefined)).toBe(false);
  });

  it('creates with every field, trimmed, events in the catalog order', () => {
    expect(
      createBody({
        url: ' https://x.org/h ',
        description: ' Site ',
        events: ['show.changed', 'nonsense', 'timeslot.created'],
        enabled: true,
      }),
    ).toEqual({
      url: 'https://x.org/h',
      description: 'Site',
      events: ['timeslot.created', 'show.changed'],
      enabled: true,
    });
  });

  it('updates only what changed', () => {
    const saved = webhook({ events: ['timeslot.created', 'show.changed'] });
    const form = webhookFormOf(saved);
    expect(updateBody(saved, form)).toEqual({});
    expect(updateBody(saved, { ...form, events: ['show.changed', 'timeslot.created'] })).toEqual(
      {},
    );
    expect(updateBody(saved, { ...form, enabled: false })).toEqual({ enabled: false });
    expect(
      updateBody(saved, { ...form, url: 'https://other.org/h', events: ['timeslot.deleted'] }),
    ).toEqual({ url: 'https://other.org/h', events: ['timeslot.deleted'] });
    expect(updateBody(saved, { ...form, description: '' })).toEqual({ description: '' });
  });
});

describe('a webhook in the list', () => {
  it('is on, failing since a time, or off with the server’s reason', () => {
    expect(webhookState(webhook())).toEqual({ kind: 'enabled' });
    expect(webhookState(webhook({ failingSince: '2026-11-26 12:00:00.000Z' }))).toEqual({
      kind: 'failing',
      since: Date.UTC(2026, 10, 26, 12),
    });
    expect(
      webhookState(
        webhook({
          enabled: false,
          failingSince: '2026-11-26 12:00:00.000Z',
          disabledReason: 'Failing for 24 hours',
        }),
      ),
    ).toEqual({ kind: 'disabled', reason: 'Failing for 24 hours' });
  });

  it('lists the oldest first', () => {
    const a = webhook({ id: 'a', created: '2026-11-02 00:00:00.000Z' });
    const b = webhook({ id: 'b', created: '2026-11-01 00:00:00.000Z' });
    expect(sortWebhooks([a, b]).map((w) => w.id)).toEqual(['b', 'a']);
  });

  it('shows the newest deliveries, at most twenty', () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      delivery(`d${i}`, `2026-11-01 00:00:${String(i).padStart(2, '0')}.000Z`),
    );
    const shown = sortDeliveries(many);
    expect(shown).toHaveLength(DELIVERIES_SHOWN);
    expect(shown[0]?.id).toBe('d24');
    expect(shown.at(-1)?.id).toBe('d5');
  });
});

describe('a test event', () => {
  it('tells the HTTP status and time, or the error', () => {
    expect(
      testResultOf({
        delivery: 'd',
        status: 'delivered',
        responseStatus: 204,
        responseMs: 31,
        error: '',
      }),
    ).toEqual({ ok: true, status: 204, ms: 31 });
    expect(
      testResultOf({
        delivery: 'd',
        status: 'failed',
        responseStatus: 500,
        responseMs: 40,
        error: 'HTTP 500',
      }),
    ).toEqual({ ok: false, status: 500, ms: 40, error: 'HTTP 500' });
    expect(
      testResultOf({
        delivery: 'd',
        status: 'failed',
        responseStatus: 0,
        responseMs: 3,
        error: 'connect ECONNREFUSED',
      }),
    ).toEqual({ ok: false, status: null, ms: 3, error: 'connect ECONNREFUSED' });
  });
});
