import { areaKey } from '@wms/contract';
import { useLocation, useSearchParams } from 'react-router';
import { useDocumentsLive } from '../../../platform/useDocumentsLive.js';
import { BatchCountScreen } from './BatchCountScreen.js';
import { CountingListScreen } from './CountingListScreen.js';

/** The server's topics.documents('countingLists') (decision 0192): a save or flush elsewhere refreshes the progress. */
const liveKeys = [areaKey('wallToWallBatch')];

/**
 * /wall_to_wall_batch (the open counting lists) and /wall_to_wall_batch/process?list=... (counting
 * one list): PROCESSES.md 4.3, decision 0192. Shown only in WALL_TO_WALL_BATCHING_MODE.
 */
export function WallToWallBatchApp() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  useDocumentsLive('countingLists', liveKeys);
  const list = params.get('list');
  return pathname.replace(/\/+$/, '').endsWith('/process') && list ? (
    <BatchCountScreen key={list} list={list} />
  ) : (
    <CountingListScreen />
  );
}
