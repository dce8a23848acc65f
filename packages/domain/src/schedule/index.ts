export * from './bar.js';
export * from './change.js';
