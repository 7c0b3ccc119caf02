import type { PickListSummary } from '@wms/contract';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { allowedRowActions, type PicklistPermissions, type RowAction } from './picklist-permissions.js';

const icons: Record<RowAction, string> = {
  edit: 'bi-pencil',
  copy: 'bi-files',
  claim: 'bi-person-check',
  removeClaim: 'bi-person-x',
  detachClaim: 'bi-person-dash',
  promote: 'bi-arrow-up-circle',
  flush: 'bi-send-check',
  markPacked: 'bi-box-seam',
  markUnpacked: 'bi-box',
  reallocate: 'bi-arrow-repeat',
  clear: 'bi-x-octagon',
  attachments: 'bi-paperclip',
};

interface PicklistRowMenuProps {
  list: PickListSummary;
  permissions: PicklistPermissions;
  onAction: (action: RowAction, list: PickListSummary) => void;
}

/** One list's actions, as its role and status allow them. */
export function PicklistRowMenu({ list, permissions, onAction }: PicklistRowMenuProps) {
  const { t } = useTranslation('picklists');
  const actions = allowedRowActions(list, permissions);
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-secondary" data-testid={`picklist-menu-${list.code}`}>
        {t('actions.menu')}
      </Dropdown.Toggle>
      <Dropdown.Menu popperConfig={{ strategy: 'fixed' }} renderOnMount={false}>
        {actions.map((action) => (
          <Dropdown.Item
            key={action}
            onClick={() => onAction(action, list)}
            className={action === 'clear' ? 'text-danger' : undefined}
            data-testid={`picklist-action-${action}`}
          >
            <i className={`bi ${icons[action]} me-2`} aria-hidden="true" />
            {t(`actions.${action}`)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
