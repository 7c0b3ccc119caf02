import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IgnoredScan } from './engine/types.js';

/** How long the hint about an ignored scan stays under the scanner input. */
export const ignoredScanHintMs = 4000;

/**
 * The short text shown near the scanner input when a scan was not used (a double read, or a
 * scan that waited behind a refused one), for a few seconds; null when there is none.
 */
export function useIgnoredScanHint(ignored: IgnoredScan | null): string | null {
  const { t } = useTranslation('handheld');
  const [shown, setShown] = useState<IgnoredScan | null>(null);
  useEffect(() => {
    setShown(ignored);
    if (!ignored) return undefined;
    const timer = setTimeout(() => setShown(null), ignoredScanHintMs);
    return () => clearTimeout(timer);
  }, [ignored]);
  if (!shown) return null;
  return t(shown.reason === 'doubleRead' ? 'hint.doubleRead' : 'hint.typedAhead', { code: shown.code });
}
