import type { CablecastClient } from './cablecast-client.js';
import { CablecastError, type CablecastErrorKind } from './cablecast-error.js';

/** What "Test connection" shows: what the server holds, or why it could not be read. */
export type CablecastConnectionReport =
  | {
      ok: true;
      /** The API base the client called. */
      apiBase: string;
      /** Whether the test signed in (Basic) or read anonymously. */
      signedIn: boolean;
      channels: { id: number; name: string }[];
      showCount: number;
    }
  | {
      ok: false;
      apiBase: string;
      kind: CablecastErrorKind;
      /** For the admin, as CablecastError writes it. */
      message: string;
      /** The HTTP status, when the server answered with one. */
      status?: number;
    };

/**
 * Tries a Cablecast server the way the import will use it: its channels, then its show count.
 * Never throws for a server's failure; an error that is not the server's (a bug) still throws.
 */
export async function testConnection(client: CablecastClient): Promise<CablecastConnectionReport> {
  try {
    const channels = await client.channels();
    const showCount = await client.showCount();
    return {
      ok: true,
      apiBase: client.apiBase,
      signedIn: client.signsIn,
      channels: channels.map(({ id, name }) => ({ id, name })),
      showCount,
    };
  } catch (error) {
    if (!(error instanceof CablecastError)) throw error;
    return {
      ok: false,
      apiBase: client.apiBase,
      kind: error.kind,
      message: error.message,
      ...(error.status === undefined ? {} : { status: error.status }),
    };
  }
}
