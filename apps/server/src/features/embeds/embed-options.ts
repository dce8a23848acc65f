import { EMBED_GUIDE_HOURS, EMBED_UPCOMING_COUNT, type EmbedOptions } from '@airgrid/schema';

/** The whole-number settings `options` may hold, with their limits and what they mean. */
const OPTION_LIMITS = {
  hours: { ...EMBED_GUIDE_HOURS, what: 'hours the guide shows' },
  count: { ...EMBED_UPCOMING_COUNT, what: 'airings the upcoming list shows' },
} as const;

/**
 * The embed's options, checked: an object whose known settings are whole numbers within their
 * limits. Unknown keys are dropped rather than refused, so an older client's extra setting never
 * blocks a save. Null means none (stored as {}).
 */
export function checkOptions(value: unknown): { options: EmbedOptions } | { message: string } {
  if (value === null || value === undefined || value === '') return { options: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { message: 'Options must be an object, e.g. {"hours": 4}.' };
  }
  const options: EmbedOptions = {};
  for (const [key, limit] of Object.entries(OPTION_LIMITS) as [
    keyof typeof OPTION_LIMITS,
    (typeof OPTION_LIMITS)[keyof typeof OPTION_LIMITS],
  ][]) {
    const setting = (value as Record<string, unknown>)[key];
    if (setting === undefined || setting === null) continue;
    if (
      typeof setting !== 'number' ||
      !Number.isInteger(setting) ||
      setting < limit.min ||
      setting > limit.max
    ) {
      return {
        message: `options.${key} (the ${limit.what}) must be a whole number from ${limit.min} to ${limit.max}.`,
      };
    }
    options[key] = setting;
  }
  return { options };
}
