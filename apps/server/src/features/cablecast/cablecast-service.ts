import { toRecordDate } from '@airgrid/domain';
import { type CablecastCheck, cablecastConnections, isAdminRole } from '@airgrid/schema';
import type { cablecastSave, cablecastTest, EndpointParsed } from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import { addressProblem } from '../../outbound/outbound-address.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { RequestContext } from '../../request-types.js';
import { createCablecastClient } from './cablecast-client.js';
import { testConnection } from './cablecast-connection.js';
import { CablecastError, privateAddressMessage } from './cablecast-error.js';
import type { SecretBox } from './secret-box.js';

// An organization's Cablecast connection (issue 19, item 1): its address and credentials,
// saved by owners and admins, and "Test connection". The credentials (`user:password`, or none
// for a public server: INTEGRATIONS.md b.1) are sealed at rest by the SecretBox and never sent
// back; an answer says only whether some are stored. They are used only with the address they
// were saved for (sealed for it, too): a new address needs its credentials again, so an admin
// cannot have them sent to a server of their choosing. The address must not lead into the
// server's own network unless the operator allowed it (CABLECAST_ALLOW_PRIVATE); every request
// goes through the outbound guard, which checks it again at each connection.

const COLLECTION = cablecastConnections.name;
export const INVALID = 'An error occurred while validating the submitted data.';

/** What the card sends, read by its contract: the address in its normal form; `apiKey` absent
 * keeps the stored credentials, '' removes them. */
export type CablecastInput = EndpointParsed<typeof cablecastSave>['body'];
/** What a test sends, read by its contract: what is left out is the saved one. */
export type CablecastTestInput = EndpointParsed<typeof cablecastTest>['body'];

export interface CablecastServiceOptions {
  /** Tests shorten it; the client's default is 30 s. */
  timeoutMs?: number;
  /** The outbound guard's fetch for Cablecast (outbound/guarded-fetch.ts). */
  fetch?: typeof fetch;
  /** CABLECAST_ALLOW_PRIVATE: the address may be on a private network. */
  allowPrivate?: boolean;
}

/** Why the saved credentials are not used for a new address. */
const NEW_ADDRESS_NEEDS_CREDENTIALS =
  'The saved user name and password are used only with the address they were saved for: enter them again for the new address, or leave both empty to read it without signing in.';

type Stored = Record<string, unknown> & { id: string };

export class CablecastService {
  constructor(
    private readonly records: RecordService,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly options: CablecastServiceOptions = {},
  ) {}

  /** The requester's organization's connection as they may see it, or null when none. */
  async get(request: RequestContext): Promise<Record<string, unknown> | null> {
    const organization = requireAdmin(request);
    const found = await this.stored(organization);
    return found && this.shown(found);
  }

  /**
   * Saves the address (checked and written in its normal form) and, when given, the
   * credentials. Answers the record as the card shows it.
   */
  async save(input: CablecastInput, request: RequestContext): Promise<Record<string, unknown>> {
    const organization = requireAdmin(request);
    const { baseUrl, apiKey } = input;
    const existing = await this.stored(organization);
    const moved = existing !== null && existing.baseUrl !== baseUrl;
    if (apiKey === undefined && moved && existing?.hasCredentials) throw credentialsAgain();
    await this.checkAddress(baseUrl);
    const changes: Record<string, unknown> = { baseUrl };
    if (apiKey !== undefined) {
      changes.credentials = apiKey === '' ? '' : this.box.seal(apiKey, baseUrl);
      changes.hasCredentials = apiKey !== '';
    }
    // A new address makes the last test's findings someone else's.
    if (moved) changes.lastCheck = {};
    const saved = existing
      ? await this.records.update(COLLECTION, existing.id, changes, serverRequest('PATCH'))
      : await this.records.create(
          COLLECTION,
          { organization, hasCredentials: false, ...changes },
          serverRequest('POST'),
        );
    return this.shown(saved);
  }

  /**
   * Tries the server the way the import will, with the address and credentials given, or the
   * saved ones for what is not given. When it tests exactly what is saved, the outcome is kept
   * for the card (`lastCheck`).
   */
  async test(input: CablecastTestInput, request: RequestContext): Promise<CablecastCheck> {
    const organization = requireAdmin(request);
    const existing = await this.stored(organization);
    const baseUrl = input.baseUrl ?? String(existing?.baseUrl ?? '');
    if (baseUrl === '') {
      throw new ApiError(400, INVALID, {
        baseUrl: {
          code: 'validation_required',
          message: 'Enter the address of your Cablecast server.',
        },
      });
    }
    const given = input.apiKey;
    let apiKey = given ?? '';
    if (given === undefined && existing?.hasCredentials) {
      if (existing.baseUrl !== baseUrl) throw credentialsAgain();
      const opened = this.box.open(String(existing.credentials ?? ''), baseUrl);
      if (opened === null) {
        throw new ApiError(400, INVALID, {
          apiKey: {
            code: 'validation_invalid_value',
            message:
              'The stored user name and password can no longer be read (the server’s secret changed): enter them again.',
          },
        });
      }
      apiKey = opened;
    }
    const at = toRecordDate(this.clock.now());
    let check: CablecastCheck;
    try {
      const client = createCablecastClient({
        baseUrl,
        apiKey,
        timeoutMs: this.options.timeoutMs,
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      });
      const report = await testConnection(client);
      check = report.ok
        ? {
            ok: true,
            at,
            signedIn: report.signedIn,
            channels: report.channels,
            showCount: report.showCount,
          }
        : { ok: false, at, kind: report.kind, message: report.message, ...statusOf(report.status) };
    } catch (error) {
      // The address or the credentials could not even be used: a form mistake, not a failure.
      if (!(error instanceof CablecastError)) throw error;
      const field = error.kind === 'invalid-credentials' ? 'apiKey' : 'baseUrl';
      throw new ApiError(400, INVALID, {
        [field]: { code: 'validation_invalid_value', message: error.message },
      });
    }
    const testedSaved =
      existing !== null &&
      existing.baseUrl === baseUrl &&
      (given === undefined || (given === '' && !existing.hasCredentials));
    if (testedSaved && existing) {
      await this.records.update(
        COLLECTION,
        existing.id,
        { lastCheck: check },
        serverRequest('PATCH'),
      );
    }
    return check;
  }

  /** Refuses an address that leads into the server's own network (on save; requests check again). */
  private async checkAddress(baseUrl: string): Promise<void> {
    const url = new URL(baseUrl);
    if ((await addressProblem(url, this.options.allowPrivate ?? false)) !== 'private') return;
    throw new ApiError(400, INVALID, {
      baseUrl: { code: 'validation_invalid_value', message: privateAddressMessage(url.host) },
    });
  }

  private async stored(organization: string): Promise<Stored | null> {
    const { items } = await this.records.list(
      COLLECTION,
      { filter: `organization = "${organization}"`, perPage: '1', skipTotal: 'true' },
      serverRequest('PATCH'),
    );
    const found = items[0];
    return found ? (found as Stored) : null;
  }

  /** The record without its sealed credentials (a superuser's view holds hidden fields). */
  private shown(record: Record<string, unknown>): Record<string, unknown> {
    const { credentials: _sealed, ...shown } = record;
    return shown;
  }
}

function credentialsAgain(): ApiError {
  return new ApiError(400, INVALID, {
    apiKey: { code: 'validation_required', message: NEW_ADDRESS_NEEDS_CREDENTIALS },
  });
}

function statusOf(status: number | undefined): { status?: number } {
  return status === undefined ? {} : { status };
}

/** The requester's organization, when they are one of its owners or admins signed in. */
export function requireAdmin(request: RequestContext): string {
  const auth = request.auth;
  if (auth?.collection.name !== 'users' || !auth.record.organization)
    throw new ApiError(401, 'Sign in as an owner or an admin of the organization.');
  if (!isAdminRole(auth.record.role))
    throw new ApiError(403, 'Only owners and admins can connect Cablecast.');
  const organization = String(auth.record.organization);
  // Ids are 15 characters of [a-z0-9]: safe inside the filter's quotes.
  if (!/^[a-z0-9]+$/.test(organization)) throw new ApiError(403, 'Unknown organization.');
  return organization;
}
