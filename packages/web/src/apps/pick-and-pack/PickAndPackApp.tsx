import { useLocation, useSearchParams } from 'react-router';
import { PickListScreen } from '../../handheld/picking/PickListScreen.js';
import { PickScreen } from '../../handheld/picking/PickScreen.js';
import { PackWorkflowScreen } from './PackScreen.js';
import { pickAndPackNames } from './pick-and-pack-paths.js';

/**
 * /pick_and_pack (the lists, as stock picking's) and /pick_and_pack/process?code=... (picking one
 * list straight into its shipping box: stock picking's claim and questions with the box steps).
 */
export function PickAndPackApp() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const code = params.get('code');
  return pathname.endsWith('/process') && code ? (
    <PickScreen key={code} code={code} names={pickAndPackNames} workflow={PackWorkflowScreen} />
  ) : (
    <PickListScreen names={pickAndPackNames} />
  );
}
