export * from './airtime.js';
export * from './programme-reports.js';
export * from './report-range.js';
