export * from './plans.js';
export * from './credits.js';
export * from './api.js';
export * from './messages.js';
export * from './billing.js';
export * from './errors.js';
export * from './chat.js';
export * from './content/index.js';
