import { ApiError } from '../../errors/api-error.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';

const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';

/** The server acting on its own behalf (its writes still run the collection's hooks). */
function asServer(request: RecordRequest): RecordRequest {
  return { ...request, auth: null, isSuperuser: true };
}

/**
 * What managing members needs beyond single record writes: handing ownership over, which
 * changes two people's roles at once (the new owner's as the owner asking, their own as the
 * server, since nobody may change their own role), in one transaction through the record
 * engine, so both members' events go out and the organization always has an owner.
 */
export class MembersService {
  constructor(private readonly records: RecordService) {}

  /** Who may hand ownership over: the organization's owner (checked before the body is read). */
  requireOwner(request: RecordRequest) {
    const auth = request.auth;
    if (auth?.collection.name !== 'users' || !auth.record.organization) {
      throw new ApiError(401, 'Sign in as the organization’s owner to hand ownership over.');
    }
    if (auth.record.role !== 'owner') {
      throw new ApiError(403, 'Only an owner can hand ownership over.');
    }
    return auth;
  }

  /** `member` as its contract reads it: a non-blank users id. */
  async transferOwnership(request: RecordRequest, member: string) {
    const auth = this.requireOwner(request);
    const self = String(auth.record.id);
    if (member === self) {
      throw new ApiError(400, VALIDATION_FAILED, {
        member: { code: 'validation_is_self', message: 'You are already an owner.' },
      });
    }
    return this.records.transaction(async (records) => {
      // A member of another organization is not found (404), as everywhere in the API.
      const target = await records.view('users', member, request);
      const owner = await records.update('users', String(target.id), { role: 'owner' }, request);
      const previous = await records.update('users', self, { role: 'admin' }, asServer(request));
      return { owner, previous };
    });
  }
}
