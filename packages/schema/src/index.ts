export * from './health.js';
export * from './records.js';
