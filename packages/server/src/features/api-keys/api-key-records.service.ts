/** What authentication reads and marks of an API key (auth/api-key.service.ts). */
export { findApiKeyWithUser, touchApiKey } from './api-keys.repository.js';
