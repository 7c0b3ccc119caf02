import type { User, UserSettingsPatch } from '@wms/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DurationSlider } from './DurationSlider.js';
import { ErpUserSelect } from './ErpUserSelect.js';
import { LanguageSelect } from './LanguageSelect.js';
import { Field } from './Field.js';
import { ShortcutKeyInput } from './ShortcutKeyInput.js';
import { useErrorText } from './useErrorText.js';
import { useUpdateUser, type UserChange } from './useUpdateUser.js';

type Draft = Required<Omit<UserSettingsPatch, 'menuFavorites'>>;

interface GeneralSettingsFormProps {
  user: User;
  /** The signed-in user is a userManager: the multiple-tabs toggle and the ERP user. */
  manager: boolean;
}

/** The user's settings, saved together. */
export function GeneralSettingsForm({ user, manager }: GeneralSettingsFormProps) {
  const { t } = useTranslation('userSettings');
  const errorText = useErrorText();
  const update = useUpdateUser(user.id, 'userSettings:settingsSaved');
  const { menuFavorites: _favorites, ...initial } = user.settings;
  const [draft, setDraft] = useState<Draft>(initial);
  const [externalId, setExternalId] = useState(user.externalId);
  const set =
    <K extends keyof Draft>(name: K) =>
    (value: Draft[K]) =>
      setDraft((old) => ({ ...old, [name]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const { allowMultipleTabsActiveOnSameDevice, ...newSettings } = draft;
    const change: UserChange = {
      newSettings: manager ? { ...newSettings, allowMultipleTabsActiveOnSameDevice } : newSettings,
    };
    if (manager) change.newExternalId = externalId;
    update.mutate(change);
  }

  const toggle = (
    name: 'pickingToSound' | 'menuOnlyOneOpenAtOnce' | 'enableSearchForMenu' | 'allowMultipleTabsActiveOnSameDevice',
  ) => (
    <Form.Check
      type="switch"
      id={`setting-${name}`}
      className="mb-3"
      label={t(`field.${name}`)}
      checked={draft[name]}
      onChange={(event) => set(name)(event.target.checked)}
    />
  );

  return (
    <Form onSubmit={handleSubmit} data-testid="user-settings-form">
      <Field id="setting-preferredLanguage" label={t('field.preferredLanguage')}>
        <LanguageSelect
          id="setting-preferredLanguage"
          value={draft.preferredLanguage}
          onChange={set('preferredLanguage')}
        />
      </Field>
      <Field id="setting-popupDuration" label={t('field.popupDuration')}>
        <DurationSlider
          id="setting-popupDuration"
          min={0}
          max={10_000}
          value={draft.popupDuration}
          onChange={set('popupDuration')}
        />
      </Field>
      <Field id="setting-linkableHoldToOpenDuration" label={t('field.linkableHoldToOpenDuration')}>
        <DurationSlider
          id="setting-linkableHoldToOpenDuration"
          min={1}
          max={10_000}
          value={draft.linkableHoldToOpenDuration}
          onChange={set('linkableHoldToOpenDuration')}
        />
      </Field>
      <Field id="setting-menuToggleShortcutKey" label={t('field.menuToggleShortcutKey')}>
        <ShortcutKeyInput
          id="setting-menuToggleShortcutKey"
          value={draft.menuToggleShortcutKey}
          onChange={set('menuToggleShortcutKey')}
        />
        <Form.Text id="setting-menuToggleShortcutKey-help">{t('shortcutHelp')}</Form.Text>
      </Field>
      {toggle('pickingToSound')}
      {toggle('menuOnlyOneOpenAtOnce')}
      {toggle('enableSearchForMenu')}
      {manager && toggle('allowMultipleTabsActiveOnSameDevice')}
      {manager && (
        <Field id="setting-erpUser" label={t('field.erpUser')}>
          <ErpUserSelect id="setting-erpUser" value={externalId} onChange={setExternalId} />
        </Field>
      )}
      {update.isError && (
        <Alert variant="danger" data-testid="settings-error">
          {errorText(update.error)}
        </Alert>
      )}
      <div className="d-grid d-sm-block">
        <Button type="submit" disabled={update.isPending} data-testid="save-settings">
          {update.isPending && <Spinner size="sm" className="me-2" />}
          {t('common:save')}
        </Button>
      </div>
    </Form>
  );
}
