export * from './enums.js';
export * from './roles.js';
export * from './errors.js';
export * from './live.js';
export * from './api/common.js';
export * from './api/config.js';
export * from './defaults.js';
export * from './api/users.js';
