import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { useFieldErrorText } from './form-errors.js';
import type { FieldError } from './form-values.js';

interface CommonProps {
  /** The request field: the control's id and test id, and where the server's refusal lands. */
  name: string;
  label: string;
  error?: FieldError;
  disabled?: boolean;
  /** Grid width from md up (of 12; default 6). */
  md?: number;
  /** Prefixes the control's id (two forms on one page, e.g. a partner and its address). */
  idPrefix?: string;
}
type TextProps = CommonProps & {
  kind?: 'text' | 'number';
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  maxLength?: number;
  autoFocus?: boolean;
};
type SelectProps = CommonProps & {
  kind: 'select';
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
};
type CheckProps = CommonProps & { kind: 'check'; value: boolean; onChange: (value: boolean) => void };
export type FormFieldProps = TextProps | SelectProps | CheckProps;

/**
 * One labelled control of a master data form with its message beneath: text, a number (typed
 * as text, a comma may be the decimal point), a select or a switch.
 */
export function FormField(props: FormFieldProps) {
  const errorText = useFieldErrorText();
  const id = `${props.idPrefix ?? 'master-data'}-${props.name}`;
  const feedback = props.error ? (
    <Form.Control.Feedback type="invalid" data-testid={`${id}-error`}>
      {errorText(props.error)}
    </Form.Control.Feedback>
  ) : null;

  if (props.kind === 'check')
    return (
      <Col xs={12} md={props.md ?? 6} className="mb-2">
        <Form.Check
          type="switch"
          id={id}
          label={props.label}
          checked={props.value}
          disabled={props.disabled}
          isInvalid={Boolean(props.error)}
          onChange={(event) => props.onChange(event.target.checked)}
          data-testid={id}
          feedback={props.error ? errorText(props.error) : undefined}
          feedbackType="invalid"
        />
      </Col>
    );

  return (
    <Form.Group as={Col} xs={12} md={props.md ?? 6} controlId={id} className="mb-3">
      <Form.Label>
        {props.label}
        {props.kind !== 'select' && props.required ? <span className="text-danger ms-1">*</span> : null}
      </Form.Label>
      {props.kind === 'select' ? (
        <Form.Select
          value={props.value}
          disabled={props.disabled}
          isInvalid={Boolean(props.error)}
          onChange={(event) => props.onChange(event.target.value)}
          data-testid={id}
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      ) : (
        <Form.Control
          value={props.value}
          disabled={props.disabled}
          required={props.required}
          maxLength={props.maxLength}
          autoFocus={props.autoFocus}
          autoComplete="off"
          inputMode={props.kind === 'number' ? 'decimal' : undefined}
          isInvalid={Boolean(props.error)}
          onChange={(event) => props.onChange(event.target.value)}
          data-testid={id}
        />
      )}
      {feedback}
    </Form.Group>
  );
}
