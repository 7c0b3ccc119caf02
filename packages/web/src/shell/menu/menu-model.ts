import type { AppDefinition, AppGroup } from '@wms/contract';

export interface MenuGroupModel {
  group: AppGroup | 'favorites';
  apps: AppDefinition[];
}

/** Favourites first (in the user's order, only apps the user can open), then the registry groups. */
export function buildMenuGroups(visible: readonly AppDefinition[], favorites: readonly string[]): MenuGroupModel[] {
  const byId = new Map(visible.map((app) => [app.id, app]));
  const favoriteApps = favorites.flatMap((id) => byId.get(id) ?? []);
  const groups: MenuGroupModel[] = favoriteApps.length > 0 ? [{ group: 'favorites', apps: favoriteApps }] : [];
  for (const app of visible) {
    const existing = groups.find((entry) => entry.group === app.group);
    if (existing) existing.apps.push(app);
    else groups.push({ group: app.group, apps: [app] });
  }
  return groups;
}

/** Normalised for matching: lower case, accents removed, spaces collapsed. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Keeps the apps whose title (or path) contains the search text; drops emptied groups. */
export function filterMenuGroups(
  groups: readonly MenuGroupModel[],
  search: string,
  titleOf: (app: AppDefinition) => string,
): MenuGroupModel[] {
  const wanted = normalizeSearch(search);
  if (wanted === '') return [...groups];
  return groups
    .map((entry) => ({
      group: entry.group,
      apps: entry.apps.filter(
        (app) => normalizeSearch(titleOf(app)).includes(wanted) || app.path.toLowerCase().includes(wanted),
      ),
    }))
    .filter((entry) => entry.apps.length > 0);
}

/** The new set of open groups after toggling one; with onlyOneOpen, opening one closes the others. */
export function toggleGroup(open: ReadonlySet<string>, group: string, onlyOneOpen: boolean): Set<string> {
  if (open.has(group)) {
    const next = new Set(open);
    next.delete(group);
    return next;
  }
  return onlyOneOpen ? new Set([group]) : new Set([...open, group]);
}
