import type { Offer } from './campaign-plan.js';

/**
 * Evenness. A goal of n spots over a period of k days with eligible breaks is due as a running
 * total: by the end of day i (0-based), `evenShare(i, k, n)` spots. Each day's quota is its share
 * less what the days before it placed, so a day that fell short hands its spots on to the next.
 * Within a day the quota is spread the same way over the day's m eligible breaks. A campaign is
 * due at a break while it has placed fewer than its running share there; the spots it is
 * behind are its urgency. Everything here reads counts of what is already placed and targets
 * fixed in advance, so a run that starts later, from what aired, takes the same decisions.
 */

/**
 * How many of `total` are due after step `index` (0-based) of `count` equal steps: the total
 * spread evenly, rounded half up so the spots sit in the middle of their stretch (2 of 48 go at
 * steps 11 and 35, not 23 and 47). Consecutive shares differ by ⌊total/count⌋ or ⌈total/count⌉.
 */
export function evenShare(index: number, count: number, total: number): number {
  return Math.floor(((index + 1) * 2 * total + count) / (2 * count));
}

/** Spots the campaign is behind at this break: 0 when not due (or its goal is reached). */
export function spotsBehind(offer: Offer): number {
  const { period, day, position } = offer;
  if (period.placed >= period.goal) return 0;
  let placedBeforeDay = 0;
  for (let i = 0; i < day.index; i++) placedBeforeDay += period.days[i]?.placed ?? 0;
  const dayQuota = Math.max(
    0,
    evenShare(day.index, period.days.length, period.goal) - placedBeforeDay,
  );
  return Math.max(0, evenShare(position, day.breaks, dayQuota) - day.placed);
}
