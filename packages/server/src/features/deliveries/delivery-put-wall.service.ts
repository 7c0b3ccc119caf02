/**
 * What the put wall (features/multi-address-delivery, decision 0188) uses of packing and
 * delivery: container contents, the pick entries behind them, and the issue of one DELIVERY
 * document (delivery-issue.ts). Named here so the other feature calls this service and never the
 * repositories.
 */
export { contentKeyOf, contentsOf, picksBehind, type ContentKey, type ContentRow } from './pack.repository.js';
export { issueDelivery } from './delivery-issue.js';
