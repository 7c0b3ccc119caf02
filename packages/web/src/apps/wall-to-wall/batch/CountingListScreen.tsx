import { useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, type CountingListSummary } from '@wms/contract';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureNotice } from '../../../handheld/engine/outcomes.js';
import { HandheldScreen } from '../../../handheld/HandheldScreen.js';
import { notify } from '../../../platform/notifications.js';
import { batchQueries, wallToWallBatchApi } from './wall-to-wall-batch-api.js';

/** Agreed of all, and the round being counted (no quantities). */
export function progressText(t: (key: string, args?: Record<string, unknown>) => string, list: CountingListSummary) {
  const agreed = t('progress', { agreed: list.progress.AGREED ?? 0, locations: list.locations });
  return list.round === null ? agreed : `${agreed} · ${t('round', { round: list.round })}`;
}

/**
 * The open counting lists with their progress and claimant. Scanning or tapping a list starts
 * counting it (startCounting: the claim; the first start freezes its locations), then /process.
 */
export function CountingListScreen() {
  const { t } = useTranslation('wallToWallBatch');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lists = useQuery(batchQueries.lists());
  const [busy, setBusy] = useState(false);
  const start = async (code: string) => {
    if (code.trim() === '' || busy) return;
    setBusy(true);
    try {
      const started = await wallToWallBatchApi.start(code.trim());
      void navigate(`/wall_to_wall_batch/process?list=${encodeURIComponent(started.list.code)}`);
    } catch (error) {
      const notice = failureNotice(error);
      notify('danger', notice.key, notice.args);
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: areaKey('wallToWallBatch') });
    }
  };
  const rows = lists.data?.lists ?? [];
  return (
    <HandheldScreen
      testId="wall-to-wall-batch"
      prompt={t('prompt.list')}
      busy={busy || lists.isFetching}
      onScan={(text) => void start(text)}
      canGoBack={false}
      onBack={() => undefined}
      onCancel={() => undefined}
    >
      {lists.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary" data-testid="w2wb-no-lists">
          {t('noLists')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ListGroup data-testid="w2wb-lists">
          {rows.map((list) => (
            <ListGroup.Item
              key={list.code}
              action
              onClick={() => void start(list.code)}
              data-testid={`w2wb-list-${list.code}`}
              className="py-2"
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-bold">{list.code}</span>
                <Badge bg="primary">{t(`countingType.${list.countingType}`)}</Badge>
              </div>
              <div className="small text-body-secondary">
                {progressText(t, list)}
                {list.claimedBy ? ` · ${t('claimedBy', { username: list.claimedBy })}` : ''}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
    </HandheldScreen>
  );
}
