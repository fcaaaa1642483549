export * from './apiReference.js';
export * from './compare.js';
export * from './blog.js';
export * from './faq.js';
export * from './howTo.js';
export * from './landing.js';
export * from './tutorials.js';
export * from './sitePages.js';
