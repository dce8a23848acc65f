import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The Cablecast card's data (owners and admins): the saved connection, saving it, testing it
// and disconnecting. The credentials go up only; the server never sends them back.

export const cablecastKeys = {
  one: (organization: string) => ['cablecastConnections', organization] as const,
};

export interface CablecastBody {
  baseUrl: string;
  /** Absent: keep the stored credentials; '': none; `user:password`. */
  apiKey?: string;
}

export function saveCablecast(body: CablecastBody) {
  return callEndpoint(pb, 'PUT /api/v1/cablecast', { body });
}

export function testCablecast(body: Partial<CablecastBody>) {
  return callEndpoint(pb, 'POST /api/v1/cablecast/test', { body });
}

export function disconnectCablecast(id: string) {
  return pb.collection('cablecastConnections').delete(id);
}

export const cablecastQueries = {
  one: (organization: string) =>
    queryOptions({
      queryKey: cablecastKeys.one(organization),
      enabled: organization !== '',
      queryFn: () => callEndpoint(pb, 'GET /api/v1/cablecast'),
    }),
};
