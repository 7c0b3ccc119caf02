import { useLocation, useSearchParams } from 'react-router';
import { PickListScreen } from '../../handheld/picking/PickListScreen.js';
import { PickScreen } from '../../handheld/picking/PickScreen.js';

/** /stock_picking (the lists to pick) and /stock_picking/process?code=... (picking one list). */
export function StockPickingApp() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const code = params.get('code');
  return pathname.endsWith('/process') && code ? <PickScreen key={code} code={code} /> : <PickListScreen />;
}
