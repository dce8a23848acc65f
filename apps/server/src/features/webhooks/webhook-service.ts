import { isAdminRole, WEBHOOK_EVENTS, type WebhookEvent, webhooks } from '@airgrid/schema';
import { ApiError } from '../../errors/api-error.js';
import { checkResolvesPublic } from '../../outbound/outbound-address.js';
import type { RecordValues } from '../../records/record-codec.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { RequestContext } from '../../request-types.js';
import { parseWebhookUrl } from './webhook-address.js';
import type { PingOutcome, WebhookDispatcher } from './webhook-dispatcher.js';
import { generateWebhookSecret } from './webhook-signing.js';

// Making and changing webhooks (decision 0032): the only doors that write them, so the
// receiver's address is checked (form, then DNS) before any transaction, and the signing
// secret is made by the server. Reading, listing and deleting are record requests.

/** What a request may set on a webhook. */
export interface WebhookInput {
  url?: unknown;
  events?: unknown;
  description?: unknown;
  enabled?: unknown;
}

type Problems = Record<string, { code: string; message: string }>;

const MAX_DESCRIPTION = 500;

export class WebhookService {
  constructor(
    private readonly records: RecordService,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /** Makes a webhook in the requester's organization; answers it with its secret. */
  async create(
    input: WebhookInput,
    request: RequestContext,
  ): Promise<{ record: RecordValues; secret: string }> {
    const auth = request.auth;
    if (auth?.collection.name !== 'users' || !auth.record.organization)
      throw new ApiError(
        401,
        'Sign in as an owner or an admin of the organization to add webhooks.',
      );
    if (!isAdminRole(auth.record.role))
      throw new ApiError(403, 'Only owners and admins can add webhooks.');
    const fields = await this.validate(input, true);
    const secret = generateWebhookSecret();
    const record = await this.records.create(
      webhooks.name,
      {
        enabled: true,
        description: '',
        ...fields,
        organization: String(auth.record.organization),
        secret,
      },
      serverRequest('POST'),
    );
    return { record: this.shown(record), secret };
  }

  /**
   * Changes a webhook the requester may see (owners and admins of its organization). Turning it
   * back on, or pointing it elsewhere, clears the failure state.
   */
  async update(id: string, input: WebhookInput, request: RequestContext): Promise<RecordValues> {
    const existing = await this.records.view(webhooks.name, id, request);
    const fields = await this.validate(input, false);
    const changes: Record<string, unknown> = { ...fields };
    const reenabled = fields.enabled === true && existing.enabled !== true;
    const moved = fields.url !== undefined && fields.url !== existing.url;
    if (reenabled || moved) Object.assign(changes, { failingSince: '', disabledReason: '' });
    if (fields.enabled === false) changes.disabledReason = '';
    const record = await this.records.update(webhooks.name, id, changes, serverRequest('PATCH'));
    return this.shown(record);
  }

  /** The signing secret, for owners and admins of the webhook's organization. */
  async secret(id: string, request: RequestContext): Promise<string> {
    await this.records.view(webhooks.name, id, request);
    const record = await this.records.findRecord(webhooks, id);
    if (!record) throw new ApiError(404);
    return String(record.secret);
  }

  /** Sends a `ping` now and answers how it went. */
  async test(id: string, request: RequestContext): Promise<PingOutcome> {
    await this.records.view(webhooks.name, id, request);
    const record = await this.records.findRecord(webhooks, id);
    if (!record) throw new ApiError(404);
    return this.dispatcher.ping({
      id,
      organization: String(record.organization),
      url: String(record.url),
      secret: String(record.secret),
      enabled: record.enabled === true,
      failingSince: String(record.failingSince ?? ''),
    });
  }

  /** The fields the input sets, or a 400 naming each problem. */
  private async validate(
    input: WebhookInput,
    creating: boolean,
  ): Promise<{ url?: string; events?: WebhookEvent[]; description?: string; enabled?: boolean }> {
    const problems: Problems = {};
    const fields: {
      url?: string;
      events?: WebhookEvent[];
      description?: string;
      enabled?: boolean;
    } = {};
    let url: URL | undefined;
    if (creating || input.url !== undefined) {
      const parsed = parseWebhookUrl(input.url, this.dispatcher.allowPrivate);
      if (typeof parsed === 'string')
        problems.url = { code: 'validation_invalid_url', message: parsed };
      else url = parsed;
    }
    if (creating || input.events !== undefined) {
      const events = Array.isArray(input.events)
        ? input.events
        : typeof input.events === 'string' && input.events !== ''
          ? [input.events]
          : [];
      const unknown = events.filter(
        (event) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(event),
      );
      if (events.length === 0)
        problems.events = {
          code: 'validation_required',
          message: `Choose at least one of: ${WEBHOOK_EVENTS.join(', ')}.`,
        };
      else if (unknown.length > 0)
        problems.events = {
          code: 'validation_invalid_value',
          message: `Unknown event ${JSON.stringify(unknown[0]).slice(0, 80)}: must be among ${WEBHOOK_EVENTS.join(', ')}.`,
        };
      else fields.events = [...new Set(events as WebhookEvent[])];
    }
    if (input.description !== undefined && input.description !== null) {
      if (typeof input.description !== 'string')
        problems.description = { code: 'validation_invalid_value', message: 'Must be text.' };
      else if (input.description.length > MAX_DESCRIPTION)
        problems.description = {
          code: 'validation_length_out_of_range',
          message: `Must be at most ${MAX_DESCRIPTION} characters.`,
        };
      else fields.description = input.description.trim();
    }
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== 'boolean')
        problems.enabled = { code: 'validation_invalid_value', message: 'Must be true or false.' };
      else fields.enabled = input.enabled;
    }
    // The name is resolved only once the form is right: no DNS for a request refused anyway.
    if (url && Object.keys(problems).length === 0) {
      const unreachable = await checkResolvesPublic(url, this.dispatcher.allowPrivate);
      if (unreachable) problems.url = { code: 'validation_invalid_url', message: unreachable };
      else fields.url = url.href;
    }
    if (Object.keys(problems).length > 0)
      throw new ApiError(400, 'An error occurred while validating the submitted data.', problems);
    return fields;
  }

  /** The record without its secret (the server's own view holds hidden fields). */
  private shown(record: RecordValues): RecordValues {
    const { secret: _secret, ...shown } = record;
    return shown;
  }
}
