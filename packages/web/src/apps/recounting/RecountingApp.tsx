import { useLocation } from 'react-router';
import { RecountingHandheld } from './RecountingHandheld.js';
import { RecountReviewPage } from './RecountReviewPage.js';

/** /recounting (the handheld recount) and /recounting/request (the manager's review and manual requests). */
export function RecountingApp() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '').endsWith('/request')) return <RecountReviewPage />;
  return <RecountingHandheld />;
}
