import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaKey, languages, translationEndpoints, type Language } from '@wms/contract';
import { callApi } from '../platform/api-client.js';
import { loadLanguageTree, reloadTranslations } from '../platform/i18n.js';
import { notify } from '../platform/notifications.js';
import type { TranslationRef } from '../platform/translation-keys.js';
import { textAt } from '../platform/translation-tree.js';
import { TranslationLanguageRow } from './TranslationLanguageRow.js';

/** A language's texts: its shipped file with the patches over it, keyed [area, params] (two endpoints in one). */
export const translationQueries = {
  language: (language: Language) =>
    queryOptions({
      queryKey: [...areaKey('translations'), { language }] as const,
      queryFn: () => loadLanguageTree(language),
    }),
};

/** Full screen: the key, its arguments and every language's text, each saved on its own. */
export function TranslationEditorModal({ target, onHide }: { target: TranslationRef | null; onHide: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<Language | null>(null);
  const trees = useQueries({
    queries: languages.map((language) => ({ ...translationQueries.language(language), enabled: target !== null })),
  });
  const path = target ? `${target.namespace}.${target.key}` : '';
  const english = trees[0]?.data ? (textAt(trees[0].data, path) ?? '') : '';

  const save = (language: Language, value: string | null) => {
    setSaving(language);
    callApi(translationEndpoints.update, { body: { language, path, value } })
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: translationQueries.language(language).queryKey });
        await reloadTranslations();
        notify('success', value === null ? 'platform:translationCleared' : 'platform:translationSaved');
      })
      .catch(() => undefined)
      .finally(() => setSaving(null));
  };

  const args = target ? Object.entries(target.args) : [];
  return (
    <Modal show={target !== null} onHide={onHide} fullscreen data-translation-editor data-testid="translation-editor">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title as="h2" className="h5">
          {t('platform:translationEditor')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-3">
          <dt className="col-sm-3">{t('platform:translationKey')}</dt>
          <dd className="col-sm-9 font-monospace text-break" data-testid="translation-key">
            {path}
          </dd>
          <dt className="col-sm-3">{t('platform:translationArguments')}</dt>
          <dd className="col-sm-9 font-monospace text-break">
            {args.length === 0
              ? t('platform:noArguments')
              : args.map(([name, value]) => `{${name}} = ${String(value)}`).join(', ')}
          </dd>
        </dl>
        <p className="small text-body-secondary">{t('platform:translationEditorHint')}</p>
        {trees.some((tree) => tree.isPending) && <Spinner animation="border" size="sm" role="status" />}
        {trees.some((tree) => tree.isError) && <Alert variant="danger">{t('common:unknownError')}</Alert>}
        {target &&
          languages.map((language, index) => {
            const tree = trees[index]?.data;
            if (!tree) return null;
            return (
              <TranslationLanguageRow
                key={`${path}-${language}`}
                language={language}
                namespace={target.namespace}
                text={textAt(tree, path)}
                english={english}
                saving={saving === language}
                onSave={(value) => save(language, value)}
              />
            );
          })}
      </Modal.Body>
    </Modal>
  );
}
