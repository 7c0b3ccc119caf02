import {
  wallToWallRequestEndpoints as endpoints,
  type WallToWallRequestFilter,
  type WallToWallRequestRequest,
} from '@wms/contract';
import { callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** The /wall_to_wall/request calls (contract api/counting.ts), quiet: the screen shows a failure itself. */
export const wallToWallRequestApi = {
  preview: (filter: WallToWallRequestFilter) => callApi(endpoints.preview, { body: { filter } }, quiet),
  request: (request: WallToWallRequestRequest) => callApi(endpoints.request, { body: request }, quiet),
};
