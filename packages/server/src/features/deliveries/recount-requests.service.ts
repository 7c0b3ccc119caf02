/** The recount requests packing differences raised, for the pick list's detail (decision 0185). */
export { recountRequestsOfList } from './recount-requests.repository.js';
