import { roundUpToQuarterHour } from '@airgrid/domain';
import { messages } from '../i18n/messages';

// A running time as people type it, for the show form and the public submission form alike.

/**
 * A duration as typed: minutes ("90") or hours and minutes ("1:30"), rounded up to whole
 * 15 minutes (`roundUpToQuarterHour`, the rule the CSV importer uses too). Empty means unknown
 * (0 seconds).
 */
export function parseDuration(text: string): { seconds: number } | { error: string } {
  const t = messages();
  const trimmed = text.trim();
  if (trimmed === '') return { seconds: 0 };
  let minutes: number;
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d+(\.\d+)?$/.test(trimmed)) minutes = Number(trimmed);
  else return { error: t.shared.writeTheDurationInMinutes };
  if (minutes <= 0) return { error: t.shared.theDurationMustBeMore };
  if (minutes > 24 * 60) return { error: t.shared.theDurationCanBeAt };
  return { seconds: roundUpToQuarterHour(minutes * 60) };
}

/** A duration in seconds as the form shows it to edit: whole minutes, '' when unknown. */
export function durationInput(seconds: number): string {
  return seconds > 0 ? String(Math.round(seconds / 60)) : '';
}
