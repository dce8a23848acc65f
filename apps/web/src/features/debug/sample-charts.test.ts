import { describe, expect, it } from 'vitest';
import { SAMPLE_AIRINGS, sampleHeatmap } from './sample-charts';

describe('the sample charts', () => {
  it('draws a week of hours with its evening peak, busier at weekends', () => {
    const grid = sampleHeatmap();
    expect(grid).toHaveLength(7);
    expect(grid.every((row) => row.length === 24)).toBe(true);
    const monday = grid[0] ?? [];
    expect(monday.indexOf(Math.max(...monday))).toBe(20);
    expect(grid[5]?.[20]).toBeGreaterThan(monday[20] ?? 0);
    expect(monday[0]).toBe(0);
  });

  it('lists shows most aired first', () => {
    const counts = SAMPLE_AIRINGS.map((row) => row.airings);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });
});
