import { apps, expandRoles, visibleApps, type AppDefinition, type User } from '@wms/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../platform/config.js';
import { FavoriteList } from './FavoriteList.js';
import { useErrorText } from './useErrorText.js';
import { useUpdateUser } from './useUpdateUser.js';

/** The apps the edited user can open (their roles, this system's config), the dashboard aside. */
function useSelectableApps(user: User): AppDefinition[] {
  const config = useConfig();
  return useMemo(
    () =>
      visibleApps(apps, { ...config, expandedRoles: expandRoles(user.roles) }).filter((app) => app.id !== 'dashboard'),
    [config, user.roles],
  );
}

/** Favourite apps, chosen from the apps the user can see, in menu order (settings.menuFavorites). */
export function MenuSettingsTab({ user }: { user: User }) {
  const { t } = useTranslation(['userSettings', 'apps']);
  const errorText = useErrorText();
  const update = useUpdateUser(user.id, 'userSettings:favoritesSaved');
  const selectable = useSelectableApps(user);
  const [favorites, setFavorites] = useState<string[]>(user.settings.menuFavorites);
  const [choice, setChoice] = useState('');
  const byId = new Map(selectable.map((app) => [app.id, app]));
  const shown = favorites.flatMap((id) => byId.get(id) ?? []);
  const addable = selectable.filter((app) => !favorites.includes(app.id));
  // Favourites of apps the user can not open now stay stored, after the others.
  const hidden = favorites.filter((id) => !byId.has(id));
  const reorder = (ids: string[]) => setFavorites([...ids, ...hidden]);

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    if (choice === '' || favorites.includes(choice)) return;
    setFavorites([...favorites, choice]);
    setChoice('');
  }
  function handleMove(from: number, to: number) {
    const ids = shown.map((app) => app.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder(ids);
  }
  const save = () => update.mutate({ newSettings: { menuFavorites: favorites } });

  return (
    <div data-testid="menu-settings-tab" style={{ maxWidth: '48rem' }}>
      <h2 className="h5">{t('favoriteApps')}</h2>
      <p className="text-body-secondary small">{t('favoritesHelp')}</p>
      <FavoriteList
        favorites={shown}
        onMove={handleMove}
        onRemove={(index) => reorder(shown.filter((_, at) => at !== index).map((app) => app.id))}
      />
      <Form onSubmit={handleAdd} className="mb-3">
        <Form.Label htmlFor="favorite-choice">{t('addFavorite')}</Form.Label>
        <InputGroup>
          <Form.Select
            id="favorite-choice"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            disabled={addable.length === 0}
            data-testid="favorite-choice"
          >
            <option value="">{addable.length === 0 ? t('noMoreApps') : t('chooseApp')}</option>
            {addable.map((app) => (
              <option key={app.id} value={app.id}>
                {t(`apps:${app.titleKey}`)}
              </option>
            ))}
          </Form.Select>
          <Button type="submit" variant="outline-primary" disabled={choice === ''} data-testid="add-favorite">
            {t('common:add')}
          </Button>
        </InputGroup>
      </Form>
      {update.isError && <Alert variant="danger">{errorText(update.error)}</Alert>}
      <div className="d-grid d-sm-block">
        <Button onClick={save} disabled={update.isPending} data-testid="save-favorites">
          {update.isPending && <Spinner size="sm" className="me-2" />}
          {t('common:save')}
        </Button>
      </div>
    </div>
  );
}
