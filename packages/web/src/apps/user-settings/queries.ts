import { queryOptions } from '@tanstack/react-query';
import { apiKeyEndpoints, areaKey, userEndpoints } from '@wms/contract';
import { apiQuery } from '../../platform/api-client.js';

/** Users: the list (userManager) and one user (a userManager, or the user themself). */
export const userQueries = {
  all: () => areaKey('users'),
  list: () => apiQuery(userEndpoints.list),
  detail: (id: number) => apiQuery(userEndpoints.get, { params: { id } }),
};

/** The ERP's users, to link a user to one (userManager). */
export const erpUserQueries = {
  list: () => queryOptions({ ...apiQuery(userEndpoints.erpUsers), staleTime: 5 * 60_000 }),
};

/** A user's API keys (never the keys themselves). */
export const apiKeyQueries = {
  list: (userId: number) => apiQuery(apiKeyEndpoints.list, { params: { id: userId } }),
};
