import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

interface PicklistPagerProps {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffset: (offset: number) => void;
}

/** Previous and next page of the overview, and which lists it shows of how many. */
export function PicklistPager({ offset, shown, total, pageSize, onOffset }: PicklistPagerProps) {
  const { t } = useTranslation('picklists');
  return (
    <div className="d-flex justify-content-between align-items-center mt-2">
      <Button
        variant="outline-secondary"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
        aria-label={t('page.previous')}
        data-testid="picklist-previous"
      >
        <i className="bi bi-chevron-left" aria-hidden="true" />
      </Button>
      <small className="text-body-secondary" data-testid="picklist-range">
        {shown > 0 ? t('page.range', { from: offset + 1, to: offset + shown, total }) : t('page.empty')}
      </small>
      <Button
        variant="outline-secondary"
        disabled={offset + shown >= total}
        onClick={() => onOffset(offset + pageSize)}
        aria-label={t('page.next')}
        data-testid="picklist-next"
      >
        <i className="bi bi-chevron-right" aria-hidden="true" />
      </Button>
    </div>
  );
}
