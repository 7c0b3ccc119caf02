/**
 * What the put wall (features/multi-address-delivery, decision 0188) uses of packing and
 * delivery: container contents and the pick entries behind them, and the writes of a delivery
 * (head, lines, sales order lines, containers). The deliveries' own functions, named here so the
 * other feature calls this service and never the repositories.
 */
export { contentKeyOf, contentsOf, picksBehind, type ContentKey, type ContentRow } from './pack.repository.js';
export {
  changeDeliveredOnSalesLine,
  entriesInContainers,
  insertDelivery,
  insertDeliveryLines,
  markContainersDelivered,
  salesLinesOf,
} from './deliveries.repository.js';
