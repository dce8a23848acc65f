import type { CollectionDefinition, MediaInfo } from '@airgrid/schema';
import type { HookContext } from '../records/collection-module.js';
import { enqueueJob } from './job-queue-repository.js';

// The collections whose records hold a media file the media jobs read (features/media): a
// show's programme, a spot. Each such collection has `media`, `mediaInfo` and `webMedia`
// fields; its area says here what else the probe keeps, and queues the probe with the hooks
// below. The media area runs `media-probe` and `media-transcode` for every target
// `{collection}/{id}` so registered, without knowing the areas that hold them.

type Values = Readonly<Record<string, unknown>>;

/** What the media jobs keep on a record of one collection once they have read its media. */
export interface MediaHolder {
  /** Measure the sound's loudness too (kept as `mediaInfo.loudness`; null for silence). */
  measuresLoudness?: boolean;
  /** An image field a frame of the video fills when the record has none (a show's thumbnail). */
  frameField?: string;
  /** Values saved with `mediaInfo`, from what was read and the record as it is now. */
  valuesFrom?(info: MediaInfo, record: Values): Record<string, unknown>;
}

/** A registered holder with its collection. */
export interface RegisteredHolder extends MediaHolder {
  definition: CollectionDefinition;
}

/** The media-holding collections, by name: each area registers its own as it starts. */
export class MediaHolders {
  readonly #holders = new Map<string, RegisteredHolder>();

  register(definition: CollectionDefinition, holder: MediaHolder): this {
    if (this.#holders.has(definition.name))
      throw new Error(`The collection "${definition.name}" holds media twice.`);
    this.#holders.set(definition.name, { ...holder, definition });
    return this;
  }

  /** How a collection's media is kept; undefined for a collection nobody registered. */
  of(collection: string): RegisteredHolder | undefined {
    return this.#holders.get(collection);
  }
}

/** New media: what was read of the old (its facts, its web copy) no longer holds. */
export function clearMediaFacts(values: Record<string, unknown>): void {
  values.mediaInfo = {};
  // The web copy was of the media it replaces (the orphan sweep takes its file).
  values.webMedia = '';
}

/**
 * A collection hook (`beforeCreate`, `beforeUpdate`): when the record's media is new or
 * changed, forgets what was read of the old and, if there is a file, queues `media-probe` for
 * `{collection}/{id}` in the write's transaction.
 */
export async function probeNewMedia(
  collection: string,
  values: Record<string, unknown>,
  existing: Values | null,
  { trx, now, changed }: HookContext,
): Promise<void> {
  if (existing && values.media === existing.media) return;
  clearMediaFacts(values);
  if (!values.media) return;
  const job = await enqueueJob(
    trx,
    {
      organization: String(values.organization),
      kind: 'media-probe',
      target: `${collection}/${String(values.id ?? existing?.id)}`,
    },
    now,
  );
  await changed('jobs', job);
}
