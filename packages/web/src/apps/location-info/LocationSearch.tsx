import { useDeferredValue, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { binLocationQueries } from '../../components/object-dialogs/location/location-queries.js';

/** Suggestions start at this many characters. */
const minSearchLength = 2;

interface LocationSearchProps {
  /** A suggestion was tapped: its code. */
  onChoose: (code: string) => void;
  /** Enter in the field: the typed text, to be found like a scan (an unknown one is notified). */
  onSubmit: (text: string) => void;
}

/**
 * Autocomplete over location codes (GET /api/v1/bin_location/autocomplete/{text}); a tap opens
 * one, Enter looks the typed text up like a scan.
 */
export function LocationSearch({ onChoose, onSubmit }: LocationSearchProps) {
  const { t } = useTranslation('locationInfo');
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text.trim());
  const suggestions = useQuery({
    ...binLocationQueries.autocomplete(deferred),
    enabled: deferred.length >= minSearchLength,
  });
  const shown = deferred.length >= minSearchLength ? (suggestions.data ?? []) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    setText('');
    onSubmit(typed);
  };

  return (
    <Form className="position-relative" role="search" onSubmit={submit}>
      <Form.Control
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        data-testid="location-search"
      />
      {shown.length ? (
        <ListGroup
          className="position-absolute w-100 shadow overflow-auto"
          style={{ zIndex: 5, maxHeight: '50vh' }}
          data-testid="location-suggestions"
        >
          {shown.map((suggestion) => (
            <ListGroup.Item
              key={suggestion.code}
              action
              type="button"
              className="py-2"
              onClick={() => {
                setText('');
                onChoose(suggestion.code);
              }}
            >
              <span className="fw-semibold">{suggestion.visualCode}</span>
              <span className="text-body-secondary ms-2 small">{suggestion.warehouseCode}</span>
              {suggestion.barcode ? <span className="text-body-secondary ms-2 small">{suggestion.barcode}</span> : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
    </Form>
  );
}
