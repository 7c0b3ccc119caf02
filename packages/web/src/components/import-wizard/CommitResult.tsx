import type { ImportSession } from '@wms/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { ObjectLink, type ObjectType } from '../object-link/ObjectLink.js';

/** Created records the web has a detail dialog (or the item information app) for. */
const linkTypes: Readonly<Record<string, ObjectType>> = {
  ITEM: 'item',
  BIN_LOCATION: 'binLocation',
  WAREHOUSE: 'warehouse',
  BUSINESS_PARTNER: 'businessPartner',
  PURCHASE_ORDER: 'order',
  SALES_ORDER: 'order',
};

/** "PRICE_LIST" -> "Price list": the name of a created type without a text. */
const plainType = (type: string) => {
  const text = type.toLowerCase().replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** At most this many created records are listed (an item import creates one per row). */
const shownCreated = 200;

/** The commit's outcome: rows imported and skipped, and each document or record created (the first shownCreated). */
export function CommitResult({ session, onNewImport }: { session: ImportSession; onNewImport: () => void }) {
  const { t, i18n } = useTranslation('importers');
  const result = session.result!;
  const typeText = (type: string) =>
    i18n.exists(`importers:createdType.${type}`) ? t(`createdType.${type}`) : plainType(type);
  return (
    <div className="d-flex flex-column gap-3" data-testid="import-result">
      <Alert variant={result.skippedRows > 0 ? 'warning' : 'success'} className="mb-0">
        <div data-testid="import-result-committed">{t('result.committed', { count: result.committedRows })}</div>
        {result.skippedRows > 0 ? (
          <div data-testid="import-result-skipped">{t('result.skipped', { count: result.skippedRows })}</div>
        ) : null}
      </Alert>
      <section>
        <h2 className="h6">{t('result.created', { count: result.created.length })}</h2>
        <ListGroup data-testid="import-created">
          {result.created.slice(0, shownCreated).map((created) => {
            const linkType = linkTypes[created.type];
            return (
              <ListGroup.Item
                key={`${created.type}:${created.code}`}
                className="d-flex flex-wrap gap-2"
                data-testid="import-created-record"
              >
                <span className="text-body-secondary">{typeText(created.type)}</span>
                {linkType ? <ObjectLink type={linkType} code={created.code} /> : <span>{created.code}</span>}
              </ListGroup.Item>
            );
          })}
        </ListGroup>
        {result.created.length > shownCreated ? (
          <p className="text-body-secondary mt-2 mb-0" data-testid="import-created-more">
            {t('result.more', { count: result.created.length - shownCreated })}
          </p>
        ) : null}
      </section>
      <div>
        <Button onClick={onNewImport} data-testid="import-new">
          {t('result.newImport')}
        </Button>
      </div>
    </div>
  );
}
