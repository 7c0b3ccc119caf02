import { useLocation } from 'react-router';
import { CollectScreen } from './CollectScreen.js';
import { CollectStartScreen } from './CollectStartScreen.js';

/** /pick_and_collect (the cart and its lists) and /pick_and_collect/process (the walk). */
export function PickAndCollectApp() {
  const { pathname } = useLocation();
  return pathname.endsWith('/process') ? <CollectScreen /> : <CollectStartScreen />;
}
