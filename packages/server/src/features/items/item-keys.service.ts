/** An item's batches and serials by code, for the features that move stock by them. */
export { findBatchOfItem, findSerialOfItem } from './item-actions.repository.js';
