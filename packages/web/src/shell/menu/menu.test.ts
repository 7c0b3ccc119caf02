import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apps, appById, type AppDefinition } from '@wms/contract';
import { appComponents } from '../../apps/registry.js';
import { CountBadge, countText } from './CountBadge.js';
import { AppCounterBadge, isCounterPath } from './CounterBadge.js';
import { buildMenuGroups, filterMenuGroups, normalizeSearch, toggleGroup } from './menu-model.js';
import { matchesShortcut, parseShortcut } from './menu-shortcut.js';

vi.mock('../../platform/live.js', () => ({
  useCounter: (path: string) => ({ '/alerting': 3, '/my_user_tasks': 250 })[path] ?? 0,
}));

function app(id: string): AppDefinition {
  const found = appById(id);
  if (!found) throw new Error(`no app ${id}`);
  return found;
}

describe('notification badges', () => {
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      resources: { en: { shell: { notificationCount: '{count} new' } } },
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    });
  });

  it('shows a count, caps it at 99+, and shows nothing for 0', () => {
    expect(countText(7)).toBe('7');
    expect(countText(99)).toBe('99');
    expect(countText(100)).toBe('99+');
    expect(renderToStaticMarkup(createElement(CountBadge, { count: 0 }))).toBe('');
    const five = renderToStaticMarkup(createElement(CountBadge, { count: 5 }));
    expect(five).toContain('data-testid="counter-badge"');
    expect(five).toContain('>5</span>');
    expect(five).toContain('title="5 new"');
  });

  it('reads the live counter of the paths that carry one', () => {
    expect(isCounterPath('/alerting')).toBe(true);
    expect(isCounterPath('/user/settings')).toBe(false);
    expect(renderToStaticMarkup(createElement(AppCounterBadge, { path: '/alerting' }))).toContain('>3</span>');
    expect(renderToStaticMarkup(createElement(AppCounterBadge, { path: '/my_user_tasks' }))).toContain('>99+</span>');
    expect(renderToStaticMarkup(createElement(AppCounterBadge, { path: '/wall_to_wall' }))).toBe('');
    expect(renderToStaticMarkup(createElement(AppCounterBadge, { path: '/user/settings' }))).toBe('');
  });
});

describe('the menu model', () => {
  const visible = ['dashboard', 'itemInfo', 'stockTransfer', 'goodsReceipt', 'userSettings'].map(app);

  it('puts favourites first in the user order, skipping apps the user cannot open, then the groups', () => {
    const groups = buildMenuGroups(visible, ['userSettings', 'systemConfig', 'itemInfo']);
    expect(groups.map((entry) => entry.group)).toEqual(['favorites', 'dashboard', 'warehouse', 'inbound', 'tools']);
    expect(groups[0]?.apps.map((entry) => entry.id)).toEqual(['userSettings', 'itemInfo']);
    expect(buildMenuGroups(visible, [])[0]?.group).toBe('dashboard');
  });

  it('filters by title or path, ignoring case and accents, and drops empty groups', () => {
    const groups = buildMenuGroups(visible, []);
    const title = (entry: AppDefinition) =>
      ({ stockTransfer: 'Umlagerung', goodsReceipt: 'Przyjęcie towaru' })[
        entry.id as 'stockTransfer' | 'goodsReceipt'
      ] ?? entry.id;
    expect(filterMenuGroups(groups, 'UMLAG', title).flatMap((entry) => entry.apps.map((a) => a.id))).toEqual([
      'stockTransfer',
    ]);
    expect(filterMenuGroups(groups, 'przyjecie', title)[0]?.apps[0]?.id).toBe('goodsReceipt');
    expect(filterMenuGroups(groups, '/item/item_info', title)[0]?.apps[0]?.id).toBe('itemInfo');
    expect(filterMenuGroups(groups, 'nothing like this', title)).toEqual([]);
    expect(filterMenuGroups(groups, '  ', title)).toHaveLength(groups.length);
    expect(normalizeSearch('  Żółw  Ärger ')).toBe('zołw arger');
  });

  it('opens one group at a time when menuOnlyOneOpenAtOnce is on', () => {
    expect([...toggleGroup(new Set(['warehouse']), 'tools', true)]).toEqual(['tools']);
    expect([...toggleGroup(new Set(['warehouse']), 'tools', false)].sort()).toEqual(['tools', 'warehouse']);
    expect([...toggleGroup(new Set(['warehouse', 'tools']), 'tools', false)]).toEqual(['warehouse']);
  });
});

describe('the menu toggle shortcut', () => {
  const key = (
    code: string,
    modifiers: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
  ) => ({
    key: code.startsWith('Key') ? code.slice(3).toLowerCase() : code,
    code,
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    metaKey: false,
    ...modifiers,
  });

  it('parses modifiers in any order and case', () => {
    expect(parseShortcut('Alt+M')).toEqual({ ctrl: false, alt: true, shift: false, meta: false, key: 'm' });
    expect(parseShortcut('shift + control + F2')).toEqual({
      ctrl: true,
      alt: false,
      shift: true,
      meta: false,
      key: 'f2',
    });
    expect(parseShortcut('Ctrl++')?.key).toBe('+');
    for (const invalid of [null, '', 'Alt+', 'Hyper+M', 'Alt+Shift']) expect(parseShortcut(invalid)).toBeNull();
  });

  it('matches the physical key and exactly the modifiers', () => {
    const altM = parseShortcut('Alt+M');
    expect(matchesShortcut(key('KeyM', { altKey: true }), altM)).toBe(true);
    // Alt+M types µ on a Mac keyboard: the physical key counts.
    expect(matchesShortcut({ ...key('KeyM', { altKey: true }), key: 'µ' }, altM)).toBe(true);
    expect(matchesShortcut(key('KeyM'), altM)).toBe(false);
    expect(matchesShortcut(key('KeyM', { altKey: true, shiftKey: true }), altM)).toBe(false);
    expect(matchesShortcut(key('KeyN', { altKey: true }), altM)).toBe(false);
    expect(matchesShortcut({ ...key('F2', { ctrlKey: true }), key: 'F2' }, parseShortcut('Ctrl+F2'))).toBe(true);
    expect(matchesShortcut({ ...key('Space', { altKey: true }), key: ' ' }, parseShortcut('Alt+Space'))).toBe(true);
    expect(matchesShortcut(key('KeyM', { altKey: true }), null)).toBe(false);
  });
});

describe('the app component registry', () => {
  it('has a lazily loaded component for every built app and none for the others', () => {
    const built = apps.filter((entry) => entry.built).map((entry) => entry.id);
    expect(Object.keys(appComponents).sort()).toEqual([...built].sort());
    for (const id of built) expect(appComponents[id]).toHaveProperty('$$typeof', Symbol.for('react.lazy'));
  });
});
