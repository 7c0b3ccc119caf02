import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';

/** The largest count shown in full; more shows as '99+'. */
export const maxShownCount = 99;

export function countText(count: number): string {
  return count > maxShownCount ? `${maxShownCount}+` : String(count);
}

/** A notification count next to an app; nothing when the count is 0. */
export function CountBadge({ count }: { count: number }) {
  const { t } = useTranslation('shell');
  if (!Number.isFinite(count) || count <= 0) return null;
  return (
    <Badge pill bg="danger" className="ms-auto" data-testid="counter-badge" title={t('notificationCount', { count })}>
      {countText(count)}
    </Badge>
  );
}
