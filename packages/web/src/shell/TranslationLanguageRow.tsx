import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@wms/contract';
import { autoTranslate, translateUrl } from '../platform/auto-translate.js';
import { notify } from '../platform/notifications.js';
import { canAutoTranslate } from '../platform/translation-tree.js';

interface Props {
  language: Language;
  namespace: string;
  text: string | null;
  english: string;
  saving: boolean;
  onSave: (value: string | null) => void;
}

/** One language's text: Enter saves, Shift+Enter adds a line, Clear removes it, auto-translate. */
export function TranslationLanguageRow({ language, namespace, text, english, saving, onSave }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(text ?? '');
  const [alternatives, setAlternatives] = useState<string[]>([]);
  const [translating, setTranslating] = useState(false);
  useEffect(() => setValue(text ?? ''), [text]);
  const canTranslate = canAutoTranslate(language, namespace) && translateUrl() !== null && english !== '';
  const id = `translation-${language}`;

  const translate = () => {
    setTranslating(true);
    autoTranslate(english, 'en', language)
      .then(
        (answer) => {
          setValue(answer.text);
          setAlternatives(answer.alternatives.filter((item) => item !== answer.text));
        },
        () => notify('danger', 'platform:autoTranslateFailed'),
      )
      .finally(() => setTranslating(false));
  };

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label className="fw-semibold">{t(`common:languages.${language}`)}</Form.Label>
      <Form.Control
        as="textarea"
        rows={2}
        value={value}
        disabled={saving}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSave(value);
          }
        }}
        data-testid={id}
      />
      {alternatives.length > 0 && (
        <div className="d-flex flex-wrap gap-1 mt-1">
          {alternatives.map((alternative) => (
            <Button key={alternative} size="sm" variant="outline-secondary" onClick={() => setValue(alternative)}>
              {alternative}
            </Button>
          ))}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button size="sm" variant="primary" disabled={saving} onClick={() => onSave(value)}>
          {t('common:save')}
        </Button>
        <Button size="sm" variant="outline-danger" disabled={saving} onClick={() => onSave(null)}>
          {t('platform:clearText')}
        </Button>
        {canAutoTranslate(language, namespace) && (
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={!canTranslate || translating || saving}
            title={translateUrl() === null ? t('platform:autoTranslateNotConfigured') : undefined}
            onClick={translate}
          >
            {t('platform:autoTranslate')}
          </Button>
        )}
      </div>
    </Form.Group>
  );
}
