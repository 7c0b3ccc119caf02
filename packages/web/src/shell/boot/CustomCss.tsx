import { useEffect } from 'react';

/** Applies the admin's customCssCode setting as <style id="custom-css"> in the document head. */
export function CustomCss({ css }: { css: string }) {
  useEffect(() => {
    if (!css.trim()) return;
    const style = document.createElement('style');
    style.id = 'custom-css';
    style.textContent = css;
    document.head.appendChild(style);
    return () => style.remove();
  }, [css]);
  return null;
}
