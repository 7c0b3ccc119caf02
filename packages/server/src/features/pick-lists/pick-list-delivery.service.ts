/**
 * What packing and delivery (features/deliveries, decision 0185) use of pick lists: the list's
 * head and lines, its containers, picked quantities and entries, the packed flag and version, and
 * the released quantity of the sales order lines. The pick lists' own functions, named here so
 * the other feature calls this service and never the repositories.
 */
export { addToLineProgress, insertPickEntries, type NewPickEntry } from './pick-list-pick.repository.js';
export { bumpVersion, setPacked } from './pick-list-overview.repository.js';
export {
  changeReleasedQuantity,
  findPickListByCode,
  insertPickList,
  type PickListHead,
} from './pick-lists.repository.js';
export { containersOfList, findContainerByCode, type ContainerRow } from './pick-list-view.repository.js';
export { insertContainer, lockContainerCode, updateContainerStatus } from './shipping-containers.repository.js';
