import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { itemInfoPath } from '../../components/object-link/ObjectLink.js';
import { ScannerInput } from '../../components/scanner/ScannerInput.js';
import { ApiError } from '../../platform/http.js';
import { findItem, itemQueries } from './queries.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';

/** Spec: typed text asks for suggestions once it has rested this long. */
export const autocompleteDelayMs = 200;
const scannerTestId = 'item-scanner-input';

/** Command strings and quantity codes are for the scanner bar itself, not item searches. */
function isSearchText(text: string): boolean {
  return text.length > 0 && !text.startsWith('_be_') && !text.startsWith('[');
}

/**
 * The item app's scanner bar: a scan (or typed text and Enter) resolves the code or any barcode
 * with the item find endpoint (items.find) and opens the item; an unknown code is notified by the HTTP
 * client (unknownItemForCode {code}). Typed text also lists up to 20 suggestions to pick from.
 */
export function ItemSearchBar() {
  const { t } = useTranslation('itemInfo');
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [generation, setGeneration] = useState(0);
  const search = useDebouncedValue(typed.trim(), autocompleteDelayMs);
  const suggestions = useQuery({ ...itemQueries.autocomplete(search), enabled: isSearchText(search) });
  const shown = typed.trim() !== '' && isSearchText(search) ? (suggestions.data ?? []) : [];

  const open = (code: string) => {
    setTyped('');
    void navigate(itemInfoPath(code));
  };

  const handleScan = async (text: string) => {
    setTyped('');
    try {
      open((await findItem(text)).item.code);
    } catch (error) {
      // The HTTP client has shown the server's error (unknownItemForCode {code}).
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const pick = (code: string) => {
    setGeneration((value) => value + 1); // a fresh scanner bar: its text is cleared
    open(code);
  };

  const handleChange = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.dataset.testid === scannerTestId) setTyped(target.value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') setTyped('');
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const targets = [
      ...event.currentTarget.querySelectorAll<HTMLElement>(`[data-testid="${scannerTestId}"], .list-group-item`),
    ];
    const index = targets.indexOf(document.activeElement as HTMLElement);
    const next = targets[index + (event.key === 'ArrowDown' ? 1 : -1)];
    if (index < 0 || !next) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <div className="position-relative mb-3" onChange={handleChange} onKeyDown={handleKeyDown}>
      <ScannerInput
        key={generation}
        onScan={(text) => void handleScan(text)}
        placeholder="itemInfo:scanPlaceholder"
        testId={scannerTestId}
      />
      {shown.length > 0 && (
        <ListGroup
          className="position-absolute w-100 shadow overflow-auto"
          style={{ zIndex: 1000, maxHeight: '50vh' }}
          aria-label={t('suggestions')}
          data-testid="item-suggestions"
        >
          {shown.map((suggestion) => (
            <ListGroup.Item
              key={suggestion.code}
              action
              className="py-2"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion.code)}
              data-testid="item-suggestion"
            >
              <div className="fw-semibold text-break">{suggestion.visualCode}</div>
              <small className="text-body-secondary text-break">{suggestion.name}</small>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
