import { languages, type Language } from '@wms/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Each language in its own words, so a user finds theirs whatever the current language. */
const nativeNames: Record<Language, string> = { en: 'English', nl: 'Nederlands', de: 'Deutsch', pl: 'Polski' };

interface LanguageSelectProps {
  id: string;
  value: Language;
  onChange: (value: Language) => void;
}

export function LanguageSelect({ id, value, onChange }: LanguageSelectProps) {
  const { t } = useTranslation('common');
  return (
    <Form.Select
      id={id}
      value={value}
      data-testid="preferred-language"
      onChange={(event) => onChange(event.target.value as Language)}
    >
      {languages.map((language) => {
        const name = t(`languages.${language}`);
        return (
          <option key={language} value={language}>
            {name === nativeNames[language] ? name : `${name} (${nativeNames[language]})`}
          </option>
        );
      })}
    </Form.Select>
  );
}
