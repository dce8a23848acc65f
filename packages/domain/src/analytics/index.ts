// Audience measurement's pure parts (issue 41; docs/decisions/0052-audience-measurement.md).
export * from './buckets.js';
export * from './origins.js';
export * from './rollup.js';
