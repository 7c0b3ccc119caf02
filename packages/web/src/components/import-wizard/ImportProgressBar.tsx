import { useTranslation } from 'react-i18next';
import type { ImportProgress } from './useImportProgress.js';

interface ImportProgressBarProps {
  /** The latest progress; null while none arrived (an animated full bar without a value). */
  progress: ImportProgress | null;
  phase: ImportProgress['phase'];
}

/** How far the dry run or the commit is: done of total rows, fed by IMPORT_PROGRESS. */
export function ImportProgressBar({ progress, phase }: ImportProgressBarProps) {
  const { t } = useTranslation('importers');
  const current = progress?.phase === phase ? progress : null;
  const percent = current && current.total > 0 ? Math.min(100, Math.round((current.done / current.total) * 100)) : 0;
  const label = current ? t('progress.rows', { done: current.done, total: current.total }) : t(`progress.${phase}`);
  return (
    <div data-testid="import-progress" className="my-3">
      <div className="small mb-1" aria-live="polite">
        {label}
      </div>
      <div className="progress" style={{ height: '1.25rem' }}>
        <div
          role="progressbar"
          aria-label={t(`progress.${phase}`)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={current ? percent : undefined}
          className="progress-bar progress-bar-striped progress-bar-animated"
          style={{ width: `${current ? percent : 100}%` }}
          data-testid="import-progress-bar"
        >
          {current ? `${percent}%` : null}
        </div>
      </div>
    </div>
  );
}
