import type { CartSession } from '@wms/contract';
import { useTranslation } from 'react-i18next';

/** The cart under the questions: each slot's list, container and open lines; the current one bold. */
export function CartSlots({ session, current }: { session: CartSession; current: string | null }) {
  const { t } = useTranslation('pickAndCollect');
  return (
    <section>
      <h2 className="h6 mb-1" data-testid="cart-header">
        {t('cart.header', { cart: session.cart, stops: session.walk.length })}
      </h2>
      <ul className="list-unstyled small mb-0" data-testid="cart-slots">
        {session.slots.map((slot) => (
          <li
            key={slot.slot}
            className={slot.pickList === current ? 'fw-semibold' : slot.openLines === 0 ? 'text-body-secondary' : ''}
            data-testid="cart-slot"
          >
            {t('cart.slot', {
              slot: slot.slot,
              pickList: slot.pickList,
              container: slot.container ?? '-',
              open: slot.openLines,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
