import './icons.css';

/**
 * A Bootstrap Icons glyph (icons.css defines only the icons the app uses: run
 * `node scripts/generate-icon-css.mjs` after adding one). Decorative: the text next to it names it.
 */
export function AppIcon({ name, className = '' }: { name: string; className?: string }) {
  return <i className={`bi bi-${name} ${className}`.trim()} aria-hidden="true" />;
}
