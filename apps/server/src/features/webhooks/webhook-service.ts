import { isAdminRole, type WebhookEvent, webhooks } from '@airgrid/schema';
import type { EndpointParsed, webhookUpdate } from '@airgrid/schema/contracts';
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

/** What a request may set on a webhook, read by its contract (webhookCreate, webhookUpdate). */
export type WebhookInput = EndpointParsed<typeof webhookUpdate>['body'];

type Problems = Record<string, { code: string; message: string }>;

export class WebhookService {
  constructor(
    private readonly records: RecordService,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /**
   * Only owners and admins of an organization add webhooks (checked before the body): answers
   * the organization.
   */
  requireAdmin(request: RequestContext): string {
    const auth = request.auth;
    if (auth?.collection.name !== 'users' || !auth.record.organization)
      throw new ApiError(
        401,
        'Sign in as an owner or an admin of the organization to add webhooks.',
      );
    if (!isAdminRole(auth.record.role))
      throw new ApiError(403, 'Only owners and admins can add webhooks.');
    return String(auth.record.organization);
  }

  /** A 404 unless the requester may see the webhook (owners and admins of its organization). */
  async requireVisible(id: string, request: RequestContext): Promise<void> {
    await this.records.view(webhooks.name, id, request);
  }

  /**
   * The problem with the receiver's address as sent, by the server's outbound policy (its form
   * only; the name is resolved once every field is right). Required when `creating`.
   */
  addressProblems(body: Record<string, unknown>, creating: boolean): Problems {
    if (!creating && body.url === undefined) return {};
    const parsed = parseWebhookUrl(body.url, this.dispatcher.allowPrivate);
    return typeof parsed === 'string'
      ? { url: { code: 'validation_invalid_url', message: parsed } }
      : {};
  }

  /** Makes a webhook in the requester's organization; answers it with its secret. */
  async create(
    input: WebhookInput,
    request: RequestContext,
  ): Promise<{ record: RecordValues; secret: string }> {
    const organization = this.requireAdmin(request);
    const fields = await this.resolve(input);
    const secret = generateWebhookSecret();
    const record = await this.records.create(
      webhooks.name,
      {
        enabled: true,
        description: '',
        ...fields,
        organization,
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
    const fields = await this.resolve(input);
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

  /**
   * The fields to write, the address resolved: a 400 when its name leads to no public address
   * (the contract read the fields, addressProblems the address's form).
   */
  private async resolve(
    input: WebhookInput,
  ): Promise<{ url?: string; events?: WebhookEvent[]; description?: string; enabled?: boolean }> {
    const { url: text, ...fields } = input;
    if (text === undefined) return fields;
    const url = parseWebhookUrl(text, this.dispatcher.allowPrivate);
    const unreachable =
      typeof url === 'string' ? url : await checkResolvesPublic(url, this.dispatcher.allowPrivate);
    if (unreachable || typeof url === 'string')
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        url: { code: 'validation_invalid_url', message: unreachable || String(url) },
      });
    return { ...fields, url: url.href };
  }

  /** The record without its secret (the server's own view holds hidden fields). */
  private shown(record: RecordValues): RecordValues {
    const { secret: _secret, ...shown } = record;
    return shown;
  }
}
