import { z } from 'zod';

/*
 * The records a Cablecast server sends, as the importer reads them (docs/shared INTEGRATIONS.md
 * b.3). Cablecast's fields are only partly documented, so every schema here is lenient: a
 * record needs its id (and a schedule item its channel and run time); any other field that is
 * missing or of an unexpected type reads as absent instead of failing the record. Numbers sent
 * as numeric strings are accepted.
 */

/** A Cablecast id: a positive integer, also accepted as a numeric string. */
const id = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive()),
]);

/** A field that reads as undefined whenever it is missing or not of the expected type. */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const seconds = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);
/** Relations are ids; Cablecast sends 0 or null for "none", which both read as absent. */
const relation = z.union([
  id,
  z.literal(0).transform(() => undefined),
  z.null().transform(() => undefined),
]);
const idList = z.array(z.unknown()).transform((values) =>
  values.flatMap((value) => {
    const parsed = id.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  }),
);

export const cablecastChannelSchema = z.object({
  id,
  name: z.string().catch(''),
});
/** A channel: `id`, `name`. */
export type CablecastChannel = z.infer<typeof cablecastChannelSchema>;

/** A category, producer or project: the lookups the show mapping names. */
export const cablecastNamedSchema = z.object({ id, name: z.string().catch('') });
export type CablecastNamed = z.infer<typeof cablecastNamedSchema>;

export const cablecastShowSchema = z.object({
  id,
  title: lenient(z.string()),
  cgTitle: lenient(z.string()),
  cgExempt: lenient(flag),
  comments: lenient(z.string()),
  eventDate: lenient(z.string()),
  lastModified: lenient(z.string()),
  category: lenient(relation),
  producer: lenient(relation),
  project: lenient(relation),
  reels: idList.catch([]).default([]),
  vods: idList.catch([]).default([]),
  totalRunTime: lenient(seconds),
  thumbnailImage: lenient(z.object({ url: z.string() })),
});
/** A show ("programme" in Cablecast's UI); `reels` and `vods` are ids. */
export type CablecastShow = z.infer<typeof cablecastShowSchema>;

export const cablecastReelSchema = z
  .object({
    id,
    // The docs' side-load example names the show `showId`, a POST names it `show`.
    show: lenient(relation),
    showId: lenient(relation),
    length: lenient(seconds),
    reelNumber: lenient(z.number()),
  })
  .transform(({ show, showId, ...reel }) => ({ ...reel, show: show ?? showId }));
/** A reel of a show: `length` is in seconds; `show` is read from `show` or `showId`. */
export type CablecastReel = z.infer<typeof cablecastReelSchema>;

export const cablecastScheduleItemSchema = z.object({
  id,
  channel: id,
  show: lenient(relation),
  runDateTime: z.string().min(1),
  idType: lenient(z.number()),
  cgExempt: lenient(flag),
  filler: lenient(flag),
  deleted: lenient(flag),
});
/** A schedule item, a "run": one airing in Cablecast's schedule. `runDateTime` is raw text. */
export type CablecastScheduleItem = z.infer<typeof cablecastScheduleItemSchema>;

/** A record of the answer that could not be read, kept so a sync report can name it. */
export interface UnreadableRecord {
  /** The root key it came under: `shows`, `reels`, `scheduleItems`… */
  collection: string;
  /** Its id when it had a readable one. */
  id: unknown;
  problem: string;
}

/** Reads each record of a list with a schema, setting aside the ones it cannot read. */
export function readRecords<T>(
  collection: string,
  values: unknown,
  schema: z.ZodType<T>,
  unreadable: UnreadableRecord[],
): T[] {
  if (!Array.isArray(values)) return [];
  const records: T[] = [];
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) records.push(parsed.data);
    else {
      unreadable.push({
        collection,
        id:
          typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined,
        problem: z.prettifyError(parsed.error),
      });
    }
  }
  return records;
}
