import { useLocation } from 'react-router';
import { RequestScreen } from './RequestScreen.js';
import { WallToWallHandheld } from './WallToWallHandheld.js';

/** /wall_to_wall (the handheld count) and /wall_to_wall/request (the desktop selection). */
export function WallToWallApp() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '').endsWith('/request')) return <RequestScreen />;
  return <WallToWallHandheld />;
}
