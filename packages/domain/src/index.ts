export * from './display-format.js';
export * from './form-field.js';
export * from './password-rules.js';
export * from './recurrence/index.js';
export * from './schedule/index.js';
export * from './slug.js';
export * from './time.js';
export * from './validation-rules.js';
