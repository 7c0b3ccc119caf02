import { useQueryClient } from '@tanstack/react-query';
import type { BusinessPartnerMaster } from '@wms/contract';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import {
  addressCreateBody,
  addressUpdateBody,
  addressValues,
  placeAddressError,
  type AddressValues,
} from './address-form-values.js';
import { AddressEditor } from './AddressEditor.js';
import type { FieldError, FieldErrors } from './form-values.js';
import { masterDataApi, masterDataQueries, refreshMasterData } from './master-data-api.js';

interface AddressesEditorProps {
  /** The partner as read; null for a new partner, whose addresses are kept here and sent with it. */
  partner: BusinessPartnerMaster | null;
  local: AddressValues[];
  onLocalChange: (addresses: AddressValues[]) => void;
  /** An address of an existing partner was saved (or the partner read again): the partner now. */
  onPartnerChanged: (partner: BusinessPartnerMaster) => void;
}

/** Which address is edited: an index in the list, or 'new'. */
type Editing = number | 'new' | null;

/**
 * A partner's addresses: the list with Edit per address and Add. A new partner's addresses are
 * sent with it; an existing partner's are saved one by one (their own version; a stale one shows
 * the conflict and the address as it is now).
 */
export function AddressesEditor({ partner, local, onLocalChange, onPartnerChanged }: AddressesEditorProps) {
  const { t } = useTranslation('masterData');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloads, setReloads] = useState(0);
  const list = partner ? partner.addresses.map(addressValues) : local;

  const open = (which: Editing) => {
    setEditing(which);
    setErrors({});
    setAlert(null);
  };

  const saveLocal = (values: AddressValues) => {
    const { errors: found } = addressCreateBody(values);
    const code = values.code.trim().toLowerCase();
    if (local.some((address, at) => at !== editing && address.code.trim().toLowerCase() === code))
      found.code = { key: 'masterData:addresses.duplicateCode' };
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    onLocalChange(editing === 'new' ? [...local, values] : local.map((old, at) => (at === editing ? values : old)));
    open(null);
  };

  const saveRemote = async (current: BusinessPartnerMaster, values: AddressValues) => {
    const base = editing === 'new' ? null : current.addresses[editing as number]!;
    const update = base ? addressUpdateBody(values, base) : null;
    const create = base ? null : addressCreateBody(values);
    const found = update?.errors ?? create?.errors ?? {};
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      const saved =
        base && update
          ? await masterDataApi.updateAddress(current.code, base.code, update.body)
          : await masterDataApi.createAddress(current.code, create!.body);
      await refreshMasterData(queryClient);
      onPartnerChanged(saved);
      open(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        const fresh = await queryClient
          .fetchQuery({ ...masterDataQueries.businessPartner(current.code), staleTime: 0 })
          .catch(() => null);
        if (fresh) onPartnerChanged(fresh);
        setReloads((count) => count + 1);
        setErrors({});
        setAlert({ key: 'errors:optimisticLockConflict' });
      } else {
        const placed = placeAddressError(error);
        setErrors(Object.fromEntries(placed.flatMap((entry) => (entry.field ? [[entry.field, entry.error]] : []))));
        setAlert(placed.find((entry) => entry.field === null)?.error ?? null);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="col-12" data-testid="master-data-addresses">
      <h3 className="h6 mt-2">{t('section.addresses')}</h3>
      {list.length === 0 ? <p className="text-body-secondary small">{t('addresses.empty')}</p> : null}
      {list.length ? (
        <Table size="sm" responsive className="align-middle">
          <tbody>
            {list.map((address, index) => (
              <tr key={address.code} data-testid={`master-data-address-${address.code}`}>
                <td className="fw-semibold">{address.code}</td>
                <td>
                  {[address.name, address.street, `${address.postcode} ${address.city}`.trim(), address.countryCode]
                    .filter(Boolean)
                    .join(', ')}
                  {address.isDefaultShipTo ? <Badge className="ms-2">{t('addresses.defaultShipTo')}</Badge> : null}
                  {address.active ? null : (
                    <Badge bg="secondary" className="ms-2">
                      {t('list.inactive')}
                    </Badge>
                  )}
                </td>
                <td className="text-end">
                  <Button variant="link" size="sm" onClick={() => open(index)} disabled={editing !== null}>
                    {t('list.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {editing === null ? (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mb-3"
          onClick={() => open('new')}
          data-testid="master-data-address-add"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('addresses.add')}
        </Button>
      ) : (
        <AddressEditor
          key={`${String(editing)}:${reloads}`}
          initial={editing === 'new' ? addressValues(null) : list[editing]!}
          creating={editing === 'new'}
          errors={errors}
          alert={alert}
          saving={saving}
          onSave={(values) => (partner ? void saveRemote(partner, values) : saveLocal(values))}
          onCancel={() => open(null)}
        />
      )}
    </section>
  );
}
