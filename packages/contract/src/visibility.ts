import type { AppDefinition, ExtraCheck } from './apps.js';
import type { ErpType, Extension, OperationMode, QualityControlApproach, RuntimeType } from './enums.js';
import type { Role } from './roles.js';

/** What decides whether an app is visible: the system config and the signed-in user's roles. */
export interface VisibilityContext {
  operationMode: OperationMode;
  expandedRoles: ReadonlySet<Role> | readonly Role[];
  enabledExtensions: readonly Extension[];
  erpType: ErpType;
  qualityControlApproach: QualityControlApproach;
  delivery: { splitPackAndDelivery: boolean; enableDeliveryDispatchApplication: boolean };
  runtimeType: RuntimeType;
}

const extraCheckPasses: Readonly<Record<ExtraCheck, (context: VisibilityContext) => boolean>> = {
  erpTypeExactOnline: (context) => context.erpType === 'EXACT_ONLINE',
  erpTypeNone: (context) => context.erpType === 'NONE',
  qualityControlSeparateSteps: (context) => context.qualityControlApproach === 'PERFORM_VERIFY_SEPARATE_STEP',
  qualityControlSingleStep: (context) => context.qualityControlApproach !== 'PERFORM_VERIFY_SEPARATE_STEP',
  splitPackAndDelivery: (context) => context.delivery.splitPackAndDelivery,
  combinedPackAndDelivery: (context) => !context.delivery.splitPackAndDelivery,
  deliveryDispatchEnabled: (context) => context.delivery.enableDeliveryDispatchApplication,
  devRuntime: (context) => context.runtimeType === 'TEST' || context.runtimeType === 'DEV',
};

function toSet(roles: ReadonlySet<Role> | readonly Role[]): ReadonlySet<Role> {
  return roles instanceof Set ? roles : new Set(roles as readonly Role[]);
}

function operationModePasses(app: AppDefinition, context: VisibilityContext): boolean {
  const modes = app.condition.operationModes ?? ['ALL'];
  return modes.some((mode) => mode === 'ALL' || mode === context.operationMode);
}

function rolePasses(app: AppDefinition, roles: ReadonlySet<Role>): boolean {
  const { appRole, appAuthorizations = [] } = app.condition;
  if (appRole === undefined && appAuthorizations.length === 0) return true;
  if (appRole !== undefined && roles.has(appRole)) return true;
  return appAuthorizations.some((authorization) => roles.has(authorization));
}

function extensionPasses(app: AppDefinition, context: VisibilityContext): boolean {
  const needed = app.condition.extensions ?? [];
  return needed.length === 0 || needed.some((extension) => context.enabledExtensions.includes(extension));
}

function extraChecksPass(app: AppDefinition, context: VisibilityContext): boolean {
  return (app.condition.extraChecks ?? []).every((check) => extraCheckPasses[check](context));
}

function isVisibleWithRoles(app: AppDefinition, context: VisibilityContext, roles: ReadonlySet<Role>): boolean {
  return (
    operationModePasses(app, context) &&
    rolePasses(app, roles) &&
    extensionPasses(app, context) &&
    extraChecksPass(app, context)
  );
}

/**
 * An app is visible only when all pass: the operation mode ('ALL' matches
 * any), the role (appRole in expandedRoles, or any of appAuthorizations; neither given: any
 * signed-in user), at least one enabled extension (when the app lists any), and every extra check.
 */
export function isAppVisible(app: AppDefinition, context: VisibilityContext): boolean {
  return isVisibleWithRoles(app, context, toSet(context.expandedRoles));
}

export interface VisibleAppsOptions {
  /** Only apps that work end to end (the menu, dashboard and routes use this). Default true. */
  builtOnly?: boolean;
}

/** The apps a user may open, in registry order. */
export function visibleApps(
  apps: readonly AppDefinition[],
  context: VisibilityContext,
  options: VisibleAppsOptions = {},
): AppDefinition[] {
  const builtOnly = options.builtOnly ?? true;
  const roles = toSet(context.expandedRoles);
  return apps.filter((app) => (!builtOnly || app.built) && isVisibleWithRoles(app, context, roles));
}
