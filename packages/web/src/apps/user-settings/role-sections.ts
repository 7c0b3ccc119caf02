import { roles, type AppDefinition, type Role } from '@wms/contract';

/** Roles that are not one app's: shown first, as general toggles. */
export const generalRoles: readonly Role[] = [
  'admin',
  'userManager',
  'userManagerAuthScreenCapture',
  'translationManager',
  'userTaskManager',
  'broadcasting',
  'authEditProtectedDeviceSettings',
  'authCopyObjectCodes',
];

export interface AppRoleSection {
  /** The app role: its switch grants the apps. */
  appRole: Role;
  /** Title keys (namespace `apps`) of the apps this role opens. */
  appTitleKeys: string[];
  /** Sub-permissions of the app role: <appRole>Auth... and the apps' appAuthorizations. */
  authorizations: Role[];
}

export interface RoleSections {
  general: Role[];
  apps: AppRoleSection[];
}

/**
 * The roles tab's layout, from the app registry: one section per app role (in registry order)
 * with its authorisations; every role that belongs to no app joins the general toggles. Each
 * role appears once.
 */
export function roleSections(registry: readonly AppDefinition[]): RoleSections {
  const placed = new Set<Role>(['none', ...generalRoles]);
  const byRole = new Map<Role, AppRoleSection>();
  const authorizationsOf = (appRole: Role) => roles.filter((role) => role.startsWith(`${appRole}Auth`));

  for (const app of registry) {
    const { appRole, appAuthorizations = [] } = app.condition;
    // An app whose role is another app role's authorisation (qualityControlAuthVerify) joins that section.
    const owner = appRole && [...byRole.keys()].find((role) => appRole.startsWith(`${role}Auth`));
    const sectionRole = owner || appRole;
    if (!sectionRole || generalRoles.includes(sectionRole)) continue;
    let section = byRole.get(sectionRole);
    if (!section) {
      section = { appRole: sectionRole, appTitleKeys: [], authorizations: [] };
      byRole.set(sectionRole, section);
      placed.add(sectionRole);
      for (const role of authorizationsOf(sectionRole)) {
        if (!placed.has(role)) section.authorizations.push(role);
        placed.add(role);
      }
    }
    if (!section.appTitleKeys.includes(app.titleKey)) section.appTitleKeys.push(app.titleKey);
    for (const role of appAuthorizations) {
      if (!placed.has(role)) section.authorizations.push(role);
      placed.add(role);
    }
  }
  const leftover = roles.filter((role) => !placed.has(role));
  return { general: [...generalRoles, ...leftover], apps: [...byRole.values()] };
}
