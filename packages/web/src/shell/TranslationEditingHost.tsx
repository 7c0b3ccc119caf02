import { lazy, Suspense, useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import { notify } from '../platform/notifications.js';
import { useSession } from '../platform/session.js';
import { findTranslationRef, type TranslationRef } from '../platform/translation-keys.js';
import {
  setTranslationEditing,
  translationEditingEnabled,
  useTranslationEditing,
} from '../platform/translation-editing.js';

/**
 * Translation editing for translation managers: a switch (user dropdown) and Shift+Alt+T. While
 * on, a badge says so and Alt+click on a text opens the translation editor for the key that text
 * came from (see platform/translation-keys.ts).
 */

/** Loaded on first use: only translation managers ever open it. */
const TranslationEditorModal = lazy(() =>
  import('./TranslationEditorModal.js').then((module) => ({ default: module.TranslationEditorModal })),
);

/** Texts around a clicked element, innermost first: its text, its labels, then its parents'. */
function candidateTexts(target: Element): string[] {
  const texts: string[] = [];
  let element: Element | null = target;
  for (let depth = 0; element && depth < 4; depth += 1, element = element.parentElement) {
    texts.push(element.textContent ?? '');
    for (const attribute of ['title', 'placeholder', 'aria-label', 'value'])
      texts.push(element.getAttribute(attribute) ?? '');
  }
  return texts;
}

/** The shortcut, the Alt+click handler, the badge and the editor; rendered once in the shell. */
export function TranslationEditingHost() {
  const { t } = useTranslation('platform');
  const { hasRole } = useSession();
  const allowed = hasRole('translationManager');
  const { enabled: on, toggle } = useTranslationEditing();
  const [editing, setEditing] = useState<TranslationRef | null>(null);

  useEffect(() => {
    if (!allowed) {
      if (translationEditingEnabled()) setTranslationEditing(false);
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.shiftKey && event.altKey && event.code === 'KeyT') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [allowed, toggle]);

  useEffect(() => {
    if (!on || !allowed) return;
    const onClick = (event: MouseEvent) => {
      if (!event.altKey || !(event.target instanceof Element)) return;
      if (event.target.closest('[data-translation-editor]')) return;
      event.preventDefault();
      event.stopPropagation();
      const ref = findTranslationRef(candidateTexts(event.target));
      if (ref) setEditing(ref);
      else notify('warning', 'platform:noTranslationHere');
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [on, allowed]);

  if (!allowed) return null;
  return (
    <>
      {on && (
        <Badge
          bg="warning"
          text="dark"
          className="position-fixed bottom-0 end-0 m-2 p-2 shadow text-wrap"
          style={{ zIndex: 1030, cursor: 'pointer', maxWidth: 'min(24rem, calc(100vw - 5rem))' }}
          onClick={toggle}
          data-testid="translation-editing-badge"
        >
          {t('translationEditingOn')}
        </Badge>
      )}
      {editing && (
        <Suspense fallback={null}>
          <TranslationEditorModal target={editing} onHide={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
