import type { RecordEvent } from '../records/record-events.js';

/** The collections whose records a public read (guide, feeds, embeds) is built from. */
const PUBLIC_READ_COLLECTIONS = new Set([
  'organizations',
  'channels',
  'shows',
  'timeslots',
  'embeds',
  // A live playout playlist (features/playout) airs the packages.
  'playoutPackages',
]);

/** The organization a committed change belongs to, or undefined when the record names none. */
function organizationOf(event: RecordEvent): string | undefined {
  const owner = event.collection === 'organizations' ? event.record.id : event.record.organization;
  return typeof owner === 'string' && owner !== '' ? owner : undefined;
}

/**
 * A per-organization change counter, fed by the committed record events realtime carries (every
 * node's, so a write on one node marks the organization changed on all of them). Every event
 * takes the next number of one node-wide sequence, and the organization it touches remembers
 * that number: a cached read built when the sequence stood at `n` is still current while its
 * organization's mark is at most `n`. Reading the mark costs one map lookup, no database.
 */
export class OrganizationChangeMarks {
  #sequence = 0;
  readonly #marks = new Map<string, number>();
  /** The last change no organization could be named for: it makes every read stale. */
  #unattributed = 0;

  /** The number of changes seen so far; a read records it before it starts reading. */
  get sequence(): number {
    return this.#sequence;
  }

  /** Counts committed events (a consumer of the event bus, and of this node's own writes). */
  observe(events: readonly RecordEvent[]): void {
    for (const event of events) {
      if (!PUBLIC_READ_COLLECTIONS.has(event.collection)) continue;
      this.#sequence += 1;
      const organization = organizationOf(event);
      if (organization) this.#marks.set(organization, this.#sequence);
      else this.#unattributed = this.#sequence;
    }
  }

  /** Counts a change of everything (a restored backup): every read made before it is stale. */
  observeEverything(): void {
    this.#sequence += 1;
    this.#unattributed = this.#sequence;
  }

  /** The organization's change counter: the sequence number of its latest change (0: none yet). */
  markOf(organization: string): number {
    return Math.max(this.#marks.get(organization) ?? 0, this.#unattributed);
  }

  /** True when nothing of the organization has changed since the sequence stood at `sequence`. */
  isUnchangedSince(organization: string, sequence: number): boolean {
    return this.markOf(organization) <= sequence;
  }
}
