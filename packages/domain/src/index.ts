export * from './time.js';
export * from './validation-rules.js';
