import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../components/app-icon/AppIcon.js';

interface MenuGroupProps {
  group: string;
  open: boolean;
  /** Absent: the group cannot be collapsed (favourites, search results). */
  onToggle?: () => void;
  children: ReactNode;
}

/** A titled group of menu apps, expandable unless onToggle is absent. */
export function MenuGroup({ group, open, onToggle, children }: MenuGroupProps) {
  const { t } = useTranslation('apps');
  const title = t(`groups.${group}`);
  const bodyId = `menu-group-body-${group}`;
  return (
    <section className="wms-menu-group" data-testid={`menu-group-${group}`}>
      {onToggle ? (
        <button
          type="button"
          className="wms-menu-group-header btn btn-link w-100 d-flex align-items-center text-decoration-none"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="flex-grow-1 text-start">{title}</span>
          <AppIcon name={open ? 'chevron-down' : 'chevron-right'} />
        </button>
      ) : (
        <h2 className="wms-menu-group-header h6 mb-0 d-flex align-items-center gap-2">
          {group === 'favorites' && <AppIcon name="star-fill" className="text-warning" />}
          {title}
        </h2>
      )}
      {open && (
        <nav id={bodyId} className="nav flex-column" aria-label={title}>
          {children}
        </nav>
      )}
    </section>
  );
}
