// The database schema, one module per area; drizzle-kit and the code read it through this file.
export * from './schema/core.js';
export * from './schema/account.js';
export * from './schema/projects.js';
export * from './schema/catalogues.js';
export * from './schema/workflow.js';
export * from './schema/structure.js';
export * from './schema/orders.js';
export * from './schema/viewer.js';
export * from './schema/questionnaire.js';
export * from './schema/sso.js';
export * from './schema/integration.js';
export * from './schema/live.js';
