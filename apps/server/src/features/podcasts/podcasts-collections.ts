import { randomUUID } from 'node:crypto';
import { episodes as episodesDefinition, podcasts as podcastsDefinition } from '@airgrid/schema';
import { editorWrites, MEMBER } from '../../collections/role-rules.js';
import { enqueueJob } from '../../jobs/job-queue-repository.js';
import type { CollectionModule, HookContext } from '../../records/collection-module.js';

/** Public podcasts are the station's to the world: their page and feed need no account. */
const PUBLIC_OR_MEMBER = `(${MEMBER}) || public = true`;

/** Podcasts: members (and, for public ones, anyone) read them; editors make and change them. */
export const podcasts: CollectionModule = {
  definition: podcastsDefinition,
  rules: { ...editorWrites(), listRule: PUBLIC_OR_MEMBER, viewRule: PUBLIC_OR_MEMBER },
};

/**
 * A public podcast's published episodes are anyone's (apps download their audio); drafts and
 * episodes dated later stay with the members.
 */
const PUBLISHED_OR_MEMBER = `(${MEMBER}) || (podcast.public = true && publishedAt != "" && publishedAt <= @now)`;

/**
 * New audio is measured in the background (features/podcasts): its duration for the feed; an
 * episode made from an aired show without audio of its own gets the show's sound first.
 */
async function followAudio(
  values: Record<string, unknown>,
  existing: Readonly<Record<string, unknown>> | null,
  { trx, now, changed }: HookContext,
) {
  const newAudio = values.audio && values.audio !== existing?.audio;
  const fromShow = !values.audio && values.show && values.show !== existing?.show;
  if (existing && values.audio !== existing.audio && !values.audio) values.durationSec = 0;
  if (!newAudio && !fromShow) return;
  const job = await enqueueJob(
    trx,
    {
      organization: String(values.organization),
      kind: 'episode-audio',
      target: `episodes/${String(values.id ?? existing?.id)}`,
    },
    now,
  );
  await changed('jobs', job);
}

/** Episodes: editors write them; each gets a GUID when made that never changes. */
export const episodes: CollectionModule = {
  definition: episodesDefinition,
  rules: { ...editorWrites(), listRule: PUBLISHED_OR_MEMBER, viewRule: PUBLISHED_OR_MEMBER },
  hooks: {
    async beforeCreate(values, context) {
      values.guid = randomUUID();
      await followAudio(values, null, context);
    },
    async beforeUpdate(values, existing, context) {
      await followAudio(values, existing, context);
    },
  },
};
