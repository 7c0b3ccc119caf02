import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressFields, type AddressValidationDetail, type ShipToAddress } from '@wms/contract';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { addressApi, addressQueries, addressValidationKey } from './address-validation-api.js';
import { AddressHistory } from './AddressHistory.js';
import { AddressReasons, addressText } from './AddressReasons.js';
import { statusVariants } from './AddressTable.js';

/** Field limits, as the contract's shipToAddressSchema. */
const maxLengths: Record<keyof ShipToAddress, number> = {
  name: 200,
  street: 200,
  postcode: 20,
  city: 100,
  countryCode: 2,
};

type Action =
  { kind: 'edit'; address: ShipToAddress } | { kind: 'revalidate' | 'approve' } | { kind: 'override'; comment: string };

function run(detail: AddressValidationDetail, action: Action) {
  switch (action.kind) {
    case 'edit':
      return addressApi.edit(detail.id, detail.version, action.address);
    case 'revalidate':
      return addressApi.revalidate(detail.id, detail.version);
    case 'approve':
      return addressApi.approve(detail.id, detail.version);
    case 'override':
      return addressApi.override(detail.id, detail.version, action.comment);
  }
}

const blank = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * One record: status, reasons, the original address, the editable current address, the history,
 * and the actions. Every action sends the version read; the form refetches after it.
 */
export function AddressEditDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(['addressValidation', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const detail = useQuery(addressQueries.detail(id));
  const record = detail.data;
  const [form, setForm] = useState<Record<keyof ShipToAddress, string>>({
    name: '',
    street: '',
    postcode: '',
    city: '',
    countryCode: '',
  });
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (!record) return;
    setForm({
      name: record.address.name ?? '',
      street: record.address.street ?? '',
      postcode: record.address.postcode ?? '',
      city: record.address.city ?? '',
      countryCode: record.address.countryCode ?? '',
    });
  }, [record]);

  const action = useMutation({
    mutationFn: (what: Action) => run(record!, what),
    onSuccess: (answer) => {
      queryClient.setQueryData(addressQueries.detail(id).queryKey, answer);
      setComment('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressValidationKey }),
  });
  const edited: ShipToAddress = {
    name: blank(form.name),
    street: blank(form.street),
    postcode: blank(form.postcode),
    city: blank(form.city),
    countryCode: blank(form.countryCode)?.toUpperCase() ?? null,
  };
  const changed = record !== undefined && addressFields.some((field) => edited[field] !== record.address[field]);
  const busy = action.isPending || !record;

  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" data-testid="address-dialog">
      <Modal.Header closeButton>
        <Modal.Title>
          {record ? t('dialog.title', { order: record.documentCode }) : t('dialog.loading')}{' '}
          {record ? <Badge bg={statusVariants[record.status]}>{t(`status.${record.status}`)}</Badge> : null}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detail.isError ? <Alert variant="danger">{errorText(detail.error)}</Alert> : null}
        {!record && !detail.isError ? <Spinner animation="border" size="sm" /> : null}
        {record ? (
          <>
            {record.reasons.length > 0 ? (
              <Alert variant={record.status === 'INVALID' ? 'danger' : 'warning'}>
                <AddressReasons reasons={record.reasons} />
              </Alert>
            ) : null}
            <p className="mb-2" data-testid="address-original">
              <strong>{t('dialog.original')}:</strong> {addressText(record.original)}
            </p>
            <Form
              onSubmit={(event) => {
                event.preventDefault();
                if (changed) action.mutate({ kind: 'edit', address: edited });
              }}
            >
              <div className="row g-2">
                {addressFields.map((field) => (
                  <Form.Group
                    key={field}
                    className={field === 'name' || field === 'street' ? 'col-12' : 'col-12 col-sm-4'}
                  >
                    <Form.Label className="mb-0 small">{t(`field.${field}`)}</Form.Label>
                    <Form.Control
                      value={form[field]}
                      maxLength={maxLengths[field]}
                      onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                      data-testid={`address-field-${field}`}
                    />
                  </Form.Group>
                ))}
              </div>
              <div className="d-flex flex-wrap gap-2 mt-3">
                <Button type="submit" disabled={busy || !changed} data-testid="address-save">
                  {t('action.save')}
                </Button>
                <Button
                  variant="outline-secondary"
                  disabled={busy}
                  onClick={() => action.mutate({ kind: 'revalidate' })}
                  data-testid="address-revalidate"
                >
                  {t('action.revalidate')}
                </Button>
                <Button
                  variant="outline-success"
                  disabled={busy}
                  onClick={() => action.mutate({ kind: 'approve' })}
                  data-testid="address-approve"
                >
                  {t('action.approve')}
                </Button>
              </div>
            </Form>
            <Form.Group className="mt-3">
              <Form.Label className="mb-0 small">{t('dialog.comment')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={comment}
                maxLength={500}
                onChange={(event) => setComment(event.target.value)}
                data-testid="address-comment"
              />
              <Button
                variant="outline-warning"
                className="mt-2"
                disabled={busy || comment.trim() === ''}
                onClick={() => action.mutate({ kind: 'override', comment: comment.trim() })}
                data-testid="address-override"
              >
                {t('action.override')}
              </Button>
            </Form.Group>
            <h2 className="h6 mt-3">{t('dialog.history')}</h2>
            <AddressHistory history={record.history} />
          </>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
