import type { EndpointParsed, waitlistJoin } from '@airgrid/schema/contracts';
import { ApiError } from '../../errors/api-error.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { WaitlistRepository } from './waitlist-repository.js';

type JoinBody = EndpointParsed<typeof waitlistJoin>['body'];

/**
 * Joining the waitlist: a new address makes an entry; an address already listed has its entry
 * updated with what was sent (blank fields keep what it had). Both go through the record
 * engine, so a field is checked as the collection defines it and superusers see the change
 * live. Two joins of one new address at once: the second finds the first's entry and updates it.
 */
export class WaitlistService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: WaitlistRepository,
  ) {}

  async join(body: JoinBody): Promise<{ joined: true }> {
    const email = body.email.trim().toLowerCase();
    const given = Object.fromEntries(
      (['name', 'station', 'note'] as const)
        .map((field) => [field, body[field]?.trim() ?? ''] as const)
        .filter(([, value]) => value !== ''),
    );
    const existing = await this.repository.entryOf(email);
    if (existing) {
      await this.update(existing, given);
      return { joined: true };
    }
    try {
      await this.records.create('waitlist', { email, ...given }, serverRequest('POST'));
    } catch (error) {
      const raced = await this.repository.entryOf(email);
      if (!(raced && isNotUnique(error))) throw error;
      await this.update(raced, given);
    }
    return { joined: true };
  }

  private async update(id: string, given: Record<string, string>): Promise<void> {
    if (Object.keys(given).length > 0)
      await this.records.update('waitlist', id, given, serverRequest('PATCH'));
  }
}

function isNotUnique(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.data as Record<string, { code?: string }>).email?.code === 'validation_not_unique'
  );
}
