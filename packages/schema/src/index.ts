export * from './collection.js';
export * from './collections/index.js';
export * from './fields.js';
export * from './guide.js';
export * from './health.js';
export * from './import.js';
export * from './records.js';
export * from './stations.js';
