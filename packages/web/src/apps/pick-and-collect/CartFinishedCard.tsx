import { useTranslation } from 'react-i18next';
import type { CartFinished } from './useCartActions.js';

/** The answer of the last finish: each list and the status it was left in. */
export function CartFinishedCard({ finished }: { finished: CartFinished }) {
  const { t } = useTranslation(['pickAndCollect', 'stockPicking']);
  return (
    <section className="border rounded p-2" data-testid="collect-finished">
      <h2 className="h6 mb-1">{t('finishedCard.title', { cart: finished.cart })}</h2>
      <ul className="list-unstyled small mb-0">
        {finished.pickLists.map((list) => (
          <li key={list.code} data-testid="collect-finished-list">
            {t('finishedCard.row', { code: list.code, status: t(`stockPicking:status.${list.status}`) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
