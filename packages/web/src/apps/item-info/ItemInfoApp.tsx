import { Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ItemSearchBar } from './ItemSearchBar.js';
import { ItemView } from './ItemView.js';

/**
 * /item/item_info and /item/item_info/:itemcode: the
 * scanner bar on top, the item's tabs below once an item is chosen.
 */
export function ItemInfoApp() {
  const { t } = useTranslation('itemInfo');
  const { itemcode } = useParams();
  return (
    <Container fluid="lg" className="py-2 py-sm-3" data-testid="item-info">
      <h1 className="visually-hidden">{t('title')}</h1>
      <ItemSearchBar />
      {itemcode ? (
        <ItemView key={itemcode} code={itemcode} />
      ) : (
        <p className="text-body-secondary" data-testid="item-info-empty">
          {t('scanHint')}
        </p>
      )}
    </Container>
  );
}
