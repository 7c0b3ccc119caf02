import { businessPartnerTypes } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { AddressesEditor } from './AddressesEditor.js';
import { enumOptions, type RecordFormProps } from './form-section.js';
import { FormField } from './FormField.js';
import { RecordFormModal } from './RecordFormModal.js';
import { masterDataQueries } from './master-data-api.js';
import { partnerFormFields, partnerSaveAttempt, partnerValues, type PartnerValues } from './partner-form-values.js';
import { useRecordForm } from './useRecordForm.js';

/**
 * Creates or edits a business partner: code (on create), visual code, name, type, active, and its
 * addresses (sent with a new partner; saved one by one for an existing one).
 */
export function BusinessPartnerForm({ code, onClose }: RecordFormProps) {
  const { t } = useTranslation(['masterData', 'objects']);
  const form = useRecordForm({
    code,
    detail: masterDataQueries.businessPartner,
    toValues: partnerValues,
    fields: partnerFormFields,
    onSaved: onClose,
  });
  const { setValue, errors, base } = form;
  const creating = code === null;
  return (
    <RecordFormModal
      form={form}
      code={code}
      titles={{ create: 'form.newBusinessPartner', edit: 'form.editBusinessPartner' }}
      testId="master-data-partner-form"
      saveAttempt={partnerSaveAttempt}
      onClose={onClose}
    >
      {(values) => (
        <>
          <FormField
            kind="select"
            name="type"
            label={t('field.type')}
            value={values.type}
            onChange={(value) => setValue('type', value as PartnerValues['type'])}
            options={enumOptions(businessPartnerTypes, (value) => t(`objects:partnerType.${value}`))}
            error={errors.type}
          />
          <FormField
            name="name"
            label={t('field.name')}
            value={values.name}
            onChange={(value) => setValue('name', value)}
            error={errors.name}
            required
          />
          <FormField
            name="visualCode"
            label={t('field.visualCode')}
            value={values.visualCode}
            onChange={(value) => setValue('visualCode', value)}
            error={errors.visualCode}
          />
          <FormField
            kind="check"
            name="active"
            label={t('field.active')}
            value={values.active}
            onChange={(value) => setValue('active', value)}
            error={errors.active}
          />
          {creating || base ? (
            <AddressesEditor
              partner={base}
              local={values.addresses}
              onLocalChange={(addresses) => setValue('addresses', addresses)}
              onPartnerChanged={form.rebase}
            />
          ) : null}
        </>
      )}
    </RecordFormModal>
  );
}
