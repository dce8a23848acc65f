import type { BreakFacts } from './break-facts.js';

const MS_PER_SEC = 1000;

/** A placed spot as separation reads it. */
export interface SeparationMark {
  sponsor: string;
  category: string | null;
  sponsorSec: number;
  categorySec: number;
}

/** The seconds two spots must keep apart, or 0 when they do not compete. */
function requiredGap(a: SeparationMark, b: SeparationMark): number {
  if (a.sponsor === b.sponsor) return Math.max(a.sponsorSec, b.sponsorSec);
  if (a.category !== null && a.category === b.category) {
    return Math.max(a.categorySec, b.categorySec);
  }
  return 0;
}

/**
 * Sponsor and competitive separation on each channel. A spot's position inside its break is
 * not known when the rule is asked (it depends on what else the break takes, in any order), so
 * the rule is kept between whole breaks: two competing spots are allowed when the quiet time
 * from the end of the earlier one's break to the start of the later one's is at least the
 * separation. Whatever the order inside the breaks, the spots themselves are then at least as
 * far apart; the cost is that two competing spots never share a break, nor adjacent breaks.
 */
export class SeparationIndex {
  /** Each channel's breaks in fill order, for the neighbours of a break. */
  private readonly channelBreaks = new Map<string, readonly BreakFacts[]>();
  private readonly positions = new Map<BreakFacts, number>();
  private readonly marks = new Map<BreakFacts, SeparationMark[]>();
  /** Spots outside the inventory (fixed placements of breaks not given), by channel. */
  private readonly loose = new Map<string, { facts: BreakFacts; mark: SeparationMark }[]>();
  private readonly reachMs: number;
  private readonly longestBreakMs: number;

  constructor(
    breaksByChannel: ReadonlyMap<string, readonly BreakFacts[]>,
    longestSeparationSec: number,
  ) {
    let longest = 0;
    for (const [channel, breaks] of breaksByChannel) {
      this.channelBreaks.set(channel, breaks);
      breaks.forEach((facts, position) => {
        this.positions.set(facts, position);
        longest = Math.max(longest, facts.endMs - facts.brk.startMs);
      });
    }
    this.longestBreakMs = longest;
    this.reachMs = longestSeparationSec * MS_PER_SEC;
  }

  add(facts: BreakFacts, mark: SeparationMark): void {
    if (!this.positions.has(facts)) {
      const list = this.loose.get(facts.brk.channel) ?? [];
      list.push({ facts, mark });
      this.loose.set(facts.brk.channel, list);
      return;
    }
    const list = this.marks.get(facts) ?? [];
    list.push(mark);
    this.marks.set(facts, list);
  }

  /** True when a spot with this mark may go in the break. */
  allows(facts: BreakFacts, mark: SeparationMark): boolean {
    if (this.reachMs === 0) return true;
    for (const other of this.loose.get(facts.brk.channel) ?? []) {
      if (tooClose(facts, mark, other.facts, other.mark)) return false;
    }
    const breaks = this.channelBreaks.get(facts.brk.channel) ?? [];
    const position = this.positions.get(facts) ?? -1;
    // Earlier breaks can reach this one while they start within a separation plus the longest
    // break before it; later ones while they start within a separation after its end.
    for (let i = position; i >= 0; i--) {
      const other = breaks[i] as BreakFacts;
      if (other.brk.startMs <= facts.brk.startMs - this.reachMs - this.longestBreakMs) break;
      if (!this.allowsBeside(facts, mark, other)) return false;
    }
    for (let i = position + 1; i < breaks.length; i++) {
      const other = breaks[i] as BreakFacts;
      if (other.brk.startMs >= facts.endMs + this.reachMs) break;
      if (!this.allowsBeside(facts, mark, other)) return false;
    }
    return true;
  }

  private allowsBeside(facts: BreakFacts, mark: SeparationMark, other: BreakFacts): boolean {
    for (const placed of this.marks.get(other) ?? []) {
      if (tooClose(facts, mark, other, placed)) return false;
    }
    return true;
  }
}

function tooClose(
  facts: BreakFacts,
  mark: SeparationMark,
  otherFacts: BreakFacts,
  other: SeparationMark,
): boolean {
  const gapMs = requiredGap(mark, other) * MS_PER_SEC;
  if (gapMs === 0) return false;
  return (
    otherFacts.brk.startMs < facts.endMs + gapMs && facts.brk.startMs < otherFacts.endMs + gapMs
  );
}
