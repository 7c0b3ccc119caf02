import type { HttpClient } from '../../../test/http-client.js';

/** Calls of the goods sorting tests (the stock invariants are in test/stock-invariants.ts). */

let keyCounter = 0;
export const newKey = (): string => `sorting-${Date.now().toString(36)}-${++keyCounter}`;

export const sortingPath = '/api/v1/goods_sorting';

export const staging = (client: HttpClient, location: string) =>
  client.get(`${sortingPath}/staging/${encodeURIComponent(location)}`);

export const suggest = (client: HttpClient, body: Record<string, unknown>) =>
  client.post(`${sortingPath}/suggest`, body);

export const move = (
  client: HttpClient,
  body: Record<string, unknown>,
  key: string | null = newKey(),
  headers: Record<string, string> = {},
) => client.post(`${sortingPath}/move`, body, key === null ? headers : { ...headers, 'Idempotency-Key': key });
