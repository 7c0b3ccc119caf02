import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

interface ListPagerProps {
  offset: number;
  count: number;
  pageSize: number;
  hasMore: boolean;
  busy: boolean;
  onOffset: (offset: number) => void;
}

/** Previous and next page of a server-paged table, and which rows it shows. */
export function ListPager({ offset, count, pageSize, hasMore, busy, onOffset }: ListPagerProps) {
  const { t } = useTranslation('masterData');
  return (
    <div className="d-flex justify-content-between align-items-center mt-2">
      <Button
        variant="outline-secondary"
        disabled={offset === 0 || busy}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
        data-testid="master-data-previous"
      >
        <i className="bi bi-chevron-left" aria-hidden="true" /> {t('list.previous')}
      </Button>
      <small className="text-body-secondary" data-testid="master-data-range">
        {count ? t('list.range', { from: offset + 1, to: offset + count }) : t('list.empty')}
      </small>
      <Button
        variant="outline-secondary"
        disabled={!hasMore || busy}
        onClick={() => onOffset(offset + pageSize)}
        data-testid="master-data-next"
      >
        {t('list.next')} <i className="bi bi-chevron-right" aria-hidden="true" />
      </Button>
    </div>
  );
}
