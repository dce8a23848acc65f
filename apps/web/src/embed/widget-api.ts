import type { ChannelRecord, EmbedRecord, GuideResponse } from '@airgrid/schema';
import { guideQuery } from './widget-model';

// The widget's three reads, all public and same-origin: the embed, the guide (the one query the
// app's guide and the feeds share) and, for a player, its channel. Plain fetch: the widget never
// signs in, so it shows exactly what the station's visitors may see.

/** A read that failed: `status` 0 when the server could not be reached. */
export class WidgetReadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function read<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { accept: 'application/json' } });
  } catch {
    throw new WidgetReadError(0, 'The schedule could not be reached.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new WidgetReadError(
      response.status,
      typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`,
    );
  }
  return (await response.json()) as T;
}

export function readEmbed(id: string): Promise<EmbedRecord> {
  return read(`/api/collections/embeds/records/${encodeURIComponent(id)}`);
}

export function readGuide(
  organization: string,
  channels: readonly string[],
  window: { from: number; to: number },
): Promise<GuideResponse> {
  return read(`/api/v1/guide?${guideQuery(organization, channels, window)}`);
}

/**
 * The server's origin: the widget is its page (GET /embed/:id), framed on the station's site,
 * so its reads are relative and the addresses it hands elsewhere are made absolute with this.
 */
export function serverOrigin(): string {
  return window.location.origin;
}

/** A public channel's record (source, stream URL and bumper); private ones read as 404. */
export function readChannel(id: string): Promise<ChannelRecord> {
  return read(`/api/collections/channels/records/${encodeURIComponent(id)}`);
}

/** The URL of a record's file, optionally a thumbnail (e.g. "100x100"). */
export function fileUrl(collection: string, id: string, name: string, thumb = ''): string {
  const base = `/api/files/${collection}/${encodeURIComponent(id)}/${encodeURIComponent(name)}`;
  return thumb ? `${base}?thumb=${thumb}` : base;
}
