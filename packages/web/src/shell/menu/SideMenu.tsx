import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

interface SideMenuProps {
  /** Below lg: whether the offcanvas is open. */
  show: boolean;
  onHide: () => void;
  /** lg and up: the column is hidden (menu shortcut or toggle button). */
  collapsed: boolean;
  children: ReactNode;
}

/** The menu's frame: an offcanvas on small screens, a fixed left column from lg up. */
export function SideMenu({ show, onHide, collapsed, children }: SideMenuProps) {
  const { t } = useTranslation('shell');
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      responsive="lg"
      placement="start"
      className={`wms-side-menu${collapsed ? ' d-lg-none' : ''}`}
      aria-labelledby="wms-side-menu-title"
      data-testid="side-menu"
    >
      <Offcanvas.Header closeButton closeLabel={t('closeMenu')} className="py-2">
        <Offcanvas.Title id="wms-side-menu-title" className="h6">
          {t('menu')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0">{children}</Offcanvas.Body>
    </Offcanvas>
  );
}
