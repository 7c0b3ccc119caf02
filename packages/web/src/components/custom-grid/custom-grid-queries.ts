import { queryOptions } from '@tanstack/react-query';
import { areaKey, customGridEndpoints, type CustomGridObjectType } from '@wms/contract';
import { apiQuery } from '../../platform/api-client.js';

/** Custom grids (getCustomGridForObjectInformation): the titles per object type, and one grid of one object. */
export const customGridQueries = {
  all: () => areaKey('customGrids'),
  list: (objectType: CustomGridObjectType) =>
    queryOptions({
      // Silent: without a grids configuration the section simply is not there.
      ...apiQuery(customGridEndpoints.list, { params: { objectType } }, { silent: true }),
      staleTime: 5 * 60_000,
    }),
  detail: (objectType: CustomGridObjectType, index: number, code: string) =>
    apiQuery(customGridEndpoints.detail, { params: { objectType, index, code } }),
  /** The key prefix of every grid (any index, any object) of an object type. */
  detailsOf: (objectType: CustomGridObjectType) =>
    [...areaKey('customGrids'), { objectType }, customGridEndpoints.detail.name] as const,
};
