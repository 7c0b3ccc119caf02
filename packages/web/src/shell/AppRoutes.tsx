import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { appRoutePaths, type AppDefinition } from '@wms/contract';
import { appComponent } from '../apps/registry.js';
import { AppLoading } from './menu/AppLoading.js';

/** Wraps a lazily loaded app: a spinner while its code loads. */
export function LazyApp({ app }: { app: AppDefinition }): ReactNode {
  const Component = appComponent(app.id);
  if (!Component) return null;
  return (
    <Suspense fallback={<AppLoading />}>
      <Component />
    </Suspense>
  );
}

/**
 * One route per path and sub-path of each app the user can open (matched exactly); any other
 * path, '/' included, is replaced by /dashboard.
 */
export function AppRoutes({ apps }: { apps: readonly AppDefinition[] }) {
  const routed = apps.filter((app) => appComponent(app.id));
  return (
    <Routes>
      {routed.flatMap((app) =>
        appRoutePaths(app).map((path) => <Route key={path} path={path} element={<LazyApp app={app} />} />),
      )}
      <Route path="*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}
