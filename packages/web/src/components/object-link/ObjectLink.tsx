import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { defaultLinkableHoldToOpenDuration, readStoredUser } from '../../platform/signed-in-user.js';
import { useLinkMode } from './link-mode.js';
import { closeAllObjectDialogs, openObjectDialog, type ObjectType } from './object-dialog-store.js';
import { useLongPress } from './useLongPress.js';
import './object-link.css';

export type { ObjectType } from './object-dialog-store.js';

export interface ObjectLinkProps {
  type: ObjectType;
  code: string;
  /** The item of a batch or serial, so its dialog shows that one. */
  itemCode?: string;
  /** Shown instead of the code. */
  children?: ReactNode;
  className?: string;
}

/** The signed-in user's linkableHoldToOpenDuration. */
function holdDuration(): number {
  return readStoredUser()?.userSettings.linkableHoldToOpenDuration ?? defaultLinkableHoldToOpenDuration;
}

/** The item information path of an item code. */
export function itemInfoPath(code: string): string {
  return `/item/item_info/${encodeURIComponent(code)}`;
}

/**
 * An object code shown as a link. A click, Enter, or a long touch
 * hold of the user's linkableHoldToOpenDuration opens the object's detail dialog; an item opens
 * the item information app instead (closing the dialogs). Inside a <button> the link is inert
 * (the button gets the tap) unless link behaviour is on: Alt held, or toggled by a shake.
 */
export function ObjectLink({ type, code, itemCode, children, className }: ObjectLinkProps) {
  const navigate = useNavigate();
  const linkMode = useLinkMode();
  const ref = useRef<HTMLSpanElement>(null);
  const [inButton, setInButton] = useState(false);
  useLayoutEffect(() => {
    setInButton(Boolean(ref.current?.parentElement?.closest('button')));
  }, []);
  const active = !inButton || linkMode;

  const open = useCallback(() => {
    if (type === 'item') {
      closeAllObjectDialogs();
      void navigate(itemInfoPath(code));
    } else openObjectDialog(itemCode ? { type, code, itemCode } : { type, code });
  }, [type, code, itemCode, navigate]);

  const { handlers, consumeSuppressedClick } = useLongPress(open, active, holdDuration);

  const handleClick = (event: MouseEvent) => {
    if (consumeSuppressedClick()) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (!active) return;
    event.preventDefault();
    event.stopPropagation();
    open();
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (!active || event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    open();
  };

  return (
    <span
      ref={ref}
      role={active ? 'link' : undefined}
      tabIndex={active ? 0 : undefined}
      className={`wms-object-link${active ? ' wms-object-link-active link-primary' : ''}${className ? ` ${className}` : ''}`}
      data-object-type={type}
      data-object-code={code}
      data-testid="object-link"
      onClick={handleClick}
      onKeyDown={handleKeyDown}
      {...handlers}
    >
      {children ?? code}
    </span>
  );
}
