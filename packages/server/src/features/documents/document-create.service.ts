/**
 * Creating documents in the generic store (PROCESSES.md 0.1): the head, for the features that make
 * their own documents (goods receipts, returns, QC requests, imported orders), and the lines of a
 * new document in bulk (the order importers); other features keep their lines themselves.
 */
export {
  insertDocumentHead as createDocumentHead,
  insertDocumentHeads as createDocumentHeads,
  insertDocumentLines as createDocumentLines,
  type NewDocumentHead,
  type NewDocumentLine,
} from './documents.repository.js';
