/**
 * The address of a Cablecast server as a station admin types it, turned into the API base the
 * client calls. Pure. The rules (decision 0030):
 *
 * - the API lives at `{server}/cablecastapi/v1`; the admin may paste the server's address with
 *   or without that path, in any case, or any page under it (`…/CablecastAPI/documentation`,
 *   `…/cablecastapi/v1/shows?x=1`): everything from `/cablecastapi` on is dropped;
 * - a path before it is kept (a server behind a proxy at `/tv`); trailing slashes, the query
 *   and the fragment are dropped;
 * - no scheme means `https://`: hosted servers (`*.cablecast.tv`) answer on https, and a
 *   station whose own server only speaks http writes `http://`, so nothing is sent in clear
 *   text unless someone asked for it;
 * - only http and https are accepted, and an address carrying `user:password@` is refused, so
 *   the secret lives in the credentials field (stored encrypted) and never in the address.
 */

/** Where the API lives under a server's address. */
export const CABLECAST_API_PATH = '/cablecastapi/v1';

/** The example every message about a bad address ends with. */
const EXAMPLE = 'for example https://cablecast.example.org';

/** A normalised Cablecast address, or what is wrong with the one typed. */
export type CablecastUrlReading =
  | {
      ok: true;
      /** The server's address without the API path: `https://cablecast.example.org`. */
      serverUrl: string;
      /** What the client calls: `https://cablecast.example.org/cablecastapi/v1`. */
      apiBase: string;
    }
  | { ok: false; problem: string };

/** `name:` at the start, the way a scheme is written; `host:8080` is a port, not a scheme. */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;

/** Reads a typed Cablecast address; never throws. */
export function normalizeCablecastUrl(input: string): CablecastUrlReading {
  const typed = input.trim();
  if (typed === '') return problem(`Enter the address of your Cablecast server, ${EXAMPLE}.`);
  if (/\s/.test(typed))
    return problem(`An address has no spaces: enter it as one word, ${EXAMPLE}.`);
  const slashesWithoutColon = typed.match(/^(https?)\/\//i);
  if (slashesWithoutColon) {
    const scheme = slashesWithoutColon[1]?.toLowerCase();
    return problem(`The address starts with "${scheme}//": write it as ${scheme}://…, ${EXAMPLE}.`);
  }
  const scheme = typed.match(SCHEME)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return problem(
      `Only http:// and https:// addresses work, not ${scheme}:. Enter the address of your Cablecast server, ${EXAMPLE}.`,
    );
  }
  if (scheme !== undefined && !/^https?:\/\//i.test(typed)) {
    return problem(`Write the address as ${scheme}://…, ${EXAMPLE}.`);
  }
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `https://${typed}` : typed);
  } catch {
    return problem(
      `"${typed}" is not a web address. Enter the address of your Cablecast server, ${EXAMPLE}.`,
    );
  }
  if (url.hostname === '') return problem(`The address has no server name, ${EXAMPLE}.`);
  if (url.username !== '' || url.password !== '') {
    return problem(
      'Leave the user name and password out of the address and enter them as credentials instead.',
    );
  }
  const apiAt = url.pathname.search(/\/cablecastapi(\/|$)/i);
  const path = (apiAt === -1 ? url.pathname : url.pathname.slice(0, apiAt)).replace(/\/+$/, '');
  const serverUrl = `${url.origin}${path}`;
  return { ok: true, serverUrl, apiBase: `${serverUrl}${CABLECAST_API_PATH}` };
}

function problem(message: string): CablecastUrlReading {
  return { ok: false, problem: message };
}
