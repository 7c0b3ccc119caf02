import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { resolveObject, suggestObjects, type ReferenceObjectType, type ResolvedObject } from './resolve-object.js';

export type { ReferenceObjectType, ResolvedObject } from './resolve-object.js';

/** The field resolves this long after the last keystroke (and at once on blur or Enter). */
export const referenceDebounceMs = 400;
const shownSuggestions = 8;

export interface ObjectReferenceFieldProps {
  type: ReferenceObjectType;
  value: string;
  onChange: (text: string) => void;
  /** The object the text names, or null (empty, unknown, or not resolved yet). */
  onResolved?: (object: ResolvedObject | null) => void;
  /** Batches and serials of this item only. */
  itemCode?: string;
  /** Translated label text. */
  label?: string;
  placeholder?: string;
  /** Suggestions from the type's autocomplete route while typing (default false). */
  autocomplete?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  testId?: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'resolving' }
  | { kind: 'valid'; object: ResolvedObject }
  | { kind: 'invalid'; error: { key: string; args: Record<string, unknown> } };

function errorOf(error: unknown): { key: string; args: Record<string, unknown> } {
  if (error instanceof ApiError) return { key: error.key, args: error.args };
  return { key: 'unknownNetworkError', args: { status: 0 } };
}

/**
 * An input for an object code (object-reference fields resolve the typed code; when not found
 * they show an invalid state). Resolves through the type's find route, debounced
 * while typing and at once on blur or Enter: valid with the object's name, or is-invalid with the
 * server's error text.
 */
export function ObjectReferenceField(props: ObjectReferenceFieldProps) {
  const { type, value, onChange, onResolved, itemCode, autocomplete = false, testId = 'object-reference' } = props;
  const { t } = useTranslation('objects');
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [suggestions, setSuggestions] = useState<ResolvedObject[]>([]);
  const [focused, setFocused] = useState(false);
  const resolvedText = useRef<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const onResolvedRef = useRef(onResolved);
  onResolvedRef.current = onResolved;

  const resolve = (text: string) => {
    const code = text.trim();
    if (resolvedText.current === code) return;
    resolvedText.current = code;
    request.current?.abort();
    if (!code) {
      setStatus({ kind: 'idle' });
      onResolvedRef.current?.(null);
      return;
    }
    const controller = new AbortController();
    request.current = controller;
    setStatus({ kind: 'resolving' });
    onResolvedRef.current?.(null);
    resolveObject(type, code, { itemCode, signal: controller.signal }).then(
      (object) => {
        if (controller.signal.aborted) return;
        setStatus({ kind: 'valid', object });
        onResolvedRef.current?.(object);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus({ kind: 'invalid', error: errorOf(error) });
      },
    );
  };
  const resolveRef = useRef(resolve);
  resolveRef.current = resolve;

  useEffect(() => {
    const timer = setTimeout(() => resolveRef.current(value), referenceDebounceMs);
    return () => clearTimeout(timer);
  }, [value, type, itemCode]);
  useEffect(() => {
    resolvedText.current = null;
  }, [type, itemCode]);
  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    const text = value.trim();
    if (!autocomplete || !focused || !text) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestObjects(type, text, { itemCode, signal: controller.signal }).then(
        (found) => !controller.signal.aborted && setSuggestions(found.slice(0, shownSuggestions)),
        () => undefined,
      );
    }, referenceDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [autocomplete, focused, value, type, itemCode]);

  const choose = (object: ResolvedObject) => {
    setSuggestions([]);
    onChange(object.code);
    resolve(object.code);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') resolve(value);
  };

  const listShown = focused && suggestions.length > 0 && status.kind !== 'valid';
  return (
    <Form.Group className="mb-3 position-relative" controlId={id}>
      {props.label ? <Form.Label>{props.label}</Form.Label> : null}
      <Form.Control
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          resolve(value);
        }}
        onKeyDown={handleKeyDown}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        isValid={status.kind === 'valid'}
        isInvalid={status.kind === 'invalid'}
        data-testid={testId}
        data-status={status.kind}
      />
      {status.kind === 'resolving' ? (
        <Spinner size="sm" className="position-absolute end-0 me-2 mt-n4" aria-label={t('resolving')} />
      ) : null}
      {status.kind === 'invalid' ? (
        <Form.Control.Feedback type="invalid" data-testid={`${testId}-error`}>
          {t(`errors:${status.error.key}`, status.error.args)}
        </Form.Control.Feedback>
      ) : null}
      {status.kind === 'valid' ? (
        <Form.Control.Feedback type="valid" data-testid={`${testId}-name`}>
          {status.object.visualCode}
          {status.object.name ? ` — ${status.object.name}` : ''}
        </Form.Control.Feedback>
      ) : null}
      {listShown ? (
        <ListGroup
          className="position-absolute w-100 shadow"
          style={{ zIndex: 5 }}
          data-testid={`${testId}-suggestions`}
        >
          {suggestions.map((suggestion) => (
            <ListGroup.Item
              key={suggestion.code}
              action
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
            >
              <span className="fw-semibold">{suggestion.visualCode}</span>
              {suggestion.name ? <span className="text-body-secondary ms-2">{suggestion.name}</span> : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
    </Form.Group>
  );
}
