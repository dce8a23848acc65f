export * from './describe.js';
export * from './errors.js';
export * from './expand.js';
export {
  MAX_PERIODS,
  type RecurrenceSeriesInput,
} from './instances.js';
export * from './overrides.js';
export * from './rule.js';
export * from './split.js';
export * from './validate.js';
