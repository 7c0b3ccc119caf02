import { useQuery } from '@tanstack/react-query';
import type { ImportKind, ImportSession, ImportSessionStatus } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../object-dialogs/format.js';
import { importQueries } from './import-api.js';

/** Bootstrap variant of a session's status badge. */
export const sessionStatusVariant: Record<ImportSessionStatus, string> = {
  UPLOADED: 'secondary',
  MAPPED: 'info',
  VALIDATED: 'primary',
  COMMITTED: 'success',
  FAILED: 'danger',
  EXPIRED: 'dark',
};

const countNames = ['valid', 'warning', 'error'] as const;

/** Sessions shown; the server keeps them 30 days. */
const shown = 10;

/** The caller's latest sessions of this importer, to resume one (status, file, date, counts). */
export function RecentSessions({ kind, onResume }: { kind: ImportKind; onResume: (session: ImportSession) => void }) {
  const { t } = useTranslation('importers');
  const sessions = useQuery(importQueries.sessions(kind));
  if (sessions.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  const list = (sessions.data ?? []).slice(0, shown);
  return (
    <section data-testid="import-recent-sessions">
      <h2 className="h6">{t('recent.title')}</h2>
      {list.length === 0 ? <p className="text-body-secondary small">{t('recent.empty')}</p> : null}
      <ListGroup>
        {list.map((session) => (
          <ListGroup.Item
            key={session.id}
            className="d-flex flex-wrap align-items-center gap-2"
            data-testid="import-recent-session"
          >
            <div className="flex-grow-1 text-break" style={{ minWidth: '12rem' }}>
              <div className="fw-semibold">{session.fileName}</div>
              <div className="small text-body-secondary">
                {formatDateTime(session.createdAt)}
                {' · '}
                {session.counts
                  ? countNames.map((name) => t(`report.count.${name}`, { count: session.counts![name] })).join(', ')
                  : t('recent.rows', { count: session.rowCount })}
              </div>
            </div>
            <Badge bg={sessionStatusVariant[session.status]}>{t(`status.${session.status}`)}</Badge>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={session.status === 'EXPIRED' || session.status === 'FAILED'}
              onClick={() => onResume(session)}
            >
              {session.status === 'COMMITTED' ? t('recent.show') : t('recent.resume')}
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
