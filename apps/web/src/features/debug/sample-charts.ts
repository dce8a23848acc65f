// Sample data for the report charts on /views/BasicChartView (ui/charts): fixed numbers, so
// the page draws the same on every load.

/** Airings of ten shows, most first. */
export const SAMPLE_AIRINGS: readonly { show: string; airings: number }[] = [
  { show: 'Morning News', airings: 28 },
  { show: 'Town Council Live', airings: 19 },
  { show: 'Community Kitchen', airings: 14 },
  { show: 'High School Football', airings: 11 },
  { show: 'Library Hour', airings: 9 },
  { show: 'Gardening Today', airings: 7 },
  { show: 'Storytime', airings: 6 },
  { show: 'Local Music Showcase', airings: 4 },
  { show: 'Late Movie', airings: 2 },
  { show: 'Pop-up Interview', airings: 1 },
];

/** Captioned share of airtime per channel. */
export const SAMPLE_COVERAGE: readonly { channel: string; share: number }[] = [
  { channel: 'Community 1', share: 0.92 },
  { channel: 'Education 2', share: 0.64 },
  { channel: 'Government 3', share: 1 },
];

/** Spots placed and owed per campaign. */
export const SAMPLE_DELIVERY: readonly { campaign: string; placed: number; owed: number }[] = [
  { campaign: 'Bakery spring', placed: 40, owed: 0 },
  { campaign: 'Hardware store', placed: 22, owed: 8 },
  { campaign: 'Credit union', placed: 12, owed: 18 },
];

/** A week of daily views, Monday first. */
export const SAMPLE_WEEK_VIEWS: readonly number[] = [120, 180, 150, 210, 260, 340, 300];

/**
 * Views by day of week (rows, Monday first) and hour of day (columns): a morning and an evening
 * peak, more at weekends.
 */
export function sampleHeatmap(): number[][] {
  return Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: 24 }, (_, hour) => {
      const morning = Math.max(0, 6 - Math.abs(hour - 8)) * 4;
      const evening = Math.max(0, 5 - Math.abs(hour - 20)) * 8;
      return Math.round((morning + evening) * (day >= 5 ? 1.5 : 1));
    }),
  );
}
