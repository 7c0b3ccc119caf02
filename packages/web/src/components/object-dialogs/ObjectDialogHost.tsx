import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLinkModeListeners } from '../object-link/link-mode.js';
import { closeAllObjectDialogs, closeObjectDialog, useObjectDialogStack } from '../object-link/object-dialog-store.js';

const ObjectDialog = lazy(() => import('./ObjectDialog.js').then((module) => ({ default: module.ObjectDialog })));

/**
 * Shows the stack of open object detail dialogs (mounted once, by the shell): each above the one
 * that opened it. Listens for Alt and shakes (link behaviour inside buttons). Another page closes them.
 */
export function ObjectDialogHost() {
  useLinkModeListeners();
  const stack = useObjectDialogStack();
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeAllObjectDialogs();
  }, [pathname]);
  useEffect(() => closeAllObjectDialogs, []);

  if (!stack.length) return null;
  return (
    <Suspense fallback={null}>
      {stack.map((entry, layer) => (
        <ObjectDialog key={entry.id} entry={entry} layer={layer} onClose={() => closeObjectDialog(entry.id)} />
      ))}
    </Suspense>
  );
}
