export * from './display-format.js';
export * from './form-field.js';
export * from './time.js';
export * from './validation-rules.js';
