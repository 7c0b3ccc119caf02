import { queryOptions } from '@tanstack/react-query';
import type { ApiKey, User } from '@wms/contract';
import { http } from '../../platform/http.js';

export interface ErpUser {
  code: string;
  name: string;
}

/** Users: the list (userManager) and one user (a userManager, or the user themself). */
export const userQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: ['users', 'list'] as const,
      queryFn: () => http.get<User[]>('/api/v1/admin/users'),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['users', 'detail', id] as const,
      queryFn: () => http.get<User>(`/api/v1/admin/users/${id}`),
    }),
};

/** The ERP's users, to link a user to one (userManager). */
export const erpUserQueries = {
  list: () =>
    queryOptions({
      queryKey: ['erpUsers', 'list'] as const,
      queryFn: () => http.get<ErpUser[]>('/api/v1/admin/erpUsers'),
      staleTime: 5 * 60_000,
    }),
};

/** A user's API keys (never the keys themselves). */
export const apiKeyQueries = {
  list: (userId: number) =>
    queryOptions({
      queryKey: ['apiKeys', 'list', userId] as const,
      queryFn: () => http.get<ApiKey[]>(`/api/v1/users/${userId}/apikeys/`),
    }),
};
