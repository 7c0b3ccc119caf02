import { activeFilters } from '@wms/contract';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

export type ActiveFilter = (typeof activeFilters)[number];

interface ListToolbarProps {
  text: string;
  onText: (text: string) => void;
  active: ActiveFilter;
  onActive: (active: ActiveFilter) => void;
  /** More filters of the tab (warehouse, partner type). */
  children?: ReactNode;
  onNew: () => void;
  onImport: () => void;
}

/** Above a master data table: the text and active filters, the tab's own filters, New and Import. */
export function ListToolbar({ text, onText, active, onActive, children, onNew, onImport }: ListToolbarProps) {
  const { t } = useTranslation('masterData');
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <Form.Control
        type="search"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        style={{ maxWidth: '18rem' }}
        data-testid="master-data-search"
      />
      <Form.Select
        value={active}
        onChange={(event) => onActive(event.target.value as ActiveFilter)}
        aria-label={t('list.activeFilter')}
        style={{ maxWidth: '10rem' }}
        data-testid="master-data-active-filter"
      >
        {activeFilters.map((value) => (
          <option key={value} value={value}>
            {t(`list.active.${value}`)}
          </option>
        ))}
      </Form.Select>
      {children}
      <div className="ms-auto d-flex gap-2">
        <Button variant="outline-secondary" onClick={onImport} data-testid="master-data-import">
          <i className="bi bi-file-earmark-arrow-up me-1" aria-hidden="true" />
          {t('list.import')}
        </Button>
        <Button onClick={onNew} data-testid="master-data-new">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('list.new')}
        </Button>
      </div>
    </div>
  );
}
