import { useCallback, useState } from 'react';
import { toggleGroup } from './menu-model.js';

export interface MenuState {
  search: string;
  setSearch: (value: string) => void;
  openGroups: ReadonlySet<string>;
  toggle: (group: string) => void;
  /** Opens a group (e.g. the current app's) keeping the one-open rule. */
  reveal: (group: string) => void;
}

/** Search text and open groups; kept by the shell so they survive the menu moving between offcanvas and column. */
export function useMenuState(onlyOneOpen: boolean, initiallyOpen: string | null): MenuState {
  const [search, setSearch] = useState('');
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () => new Set(initiallyOpen ? [initiallyOpen] : []),
  );
  const toggle = useCallback(
    (group: string) => setOpenGroups((open) => toggleGroup(open, group, onlyOneOpen)),
    [onlyOneOpen],
  );
  const reveal = useCallback(
    (group: string) => setOpenGroups((open) => (open.has(group) ? open : toggleGroup(open, group, onlyOneOpen))),
    [onlyOneOpen],
  );
  return { search, setSearch, openGroups, toggle, reveal };
}
