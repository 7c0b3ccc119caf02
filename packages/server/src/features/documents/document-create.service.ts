/**
 * Creating documents in the generic store (PROCESSES.md 0.1): the head, for the features that make
 * their own documents (goods receipts, returns, QC requests). Lines stay with each feature.
 */
export { insertDocumentHead as createDocumentHead, type NewDocumentHead } from './documents.repository.js';
