import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { AppIcon } from '../../components/app-icon/AppIcon.js';

interface SwitchItemProps {
  icon: string;
  label: string;
  checked: boolean;
  onToggle: () => void;
  testId: string;
}

/** A dropdown entry that switches something on or off, showing its state as a switch. */
export function SwitchItem({ icon, label, checked, onToggle, testId }: SwitchItemProps) {
  return (
    <Dropdown.Item
      as="button"
      role="menuitemcheckbox"
      aria-checked={checked}
      onClick={onToggle}
      className="d-flex align-items-center"
      data-testid={testId}
    >
      <AppIcon name={icon} className="me-2" />
      <span className="flex-grow-1 me-3">{label}</span>
      <Form.Check type="switch" checked={checked} readOnly tabIndex={-1} aria-hidden="true" className="mb-0" />
    </Dropdown.Item>
  );
}
