import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';

interface MenuSearchProps {
  value: string;
  onChange: (value: string) => void;
  noMatches: boolean;
  onSubmit: () => void;
}

/** The menu's search field (user setting enableSearchForMenu); invalid when no app matches. */
export function MenuSearch({ value, onChange, noMatches, onSubmit }: MenuSearchProps) {
  const { t } = useTranslation('shell');
  return (
    <Form
      role="search"
      className="wms-menu-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Form.Control
        type="search"
        size="sm"
        value={value}
        placeholder={t('searchApps')}
        aria-label={t('searchApps')}
        isInvalid={noMatches}
        onChange={(event) => onChange(event.target.value)}
        data-testid="menu-search"
      />
      <Form.Control.Feedback type="invalid">{t('noAppMatches')}</Form.Control.Feedback>
    </Form>
  );
}
