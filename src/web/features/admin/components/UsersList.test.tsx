import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Arrival, renderRoutes } from '../../../test/render';
import { setScreenWidth } from '../../../test/screen-width';
import { adminUser, usersResponse } from '../test/fixtures';
import { UsersList, type UserField } from './UsersList';

const fields: UserField[] = [
  { label: 'E-mail', value: (user) => user.email, breakAnywhere: true },
  { label: 'Spécialité', value: (user) => user.speciality ?? '—' },
];

const helene = adminUser();
const malik = adminUser({ id: 8, firstname: 'Malik', lastname: 'Benali', name: 'Malik Benali', email: 'malik@exemple.fr', speciality: null });

function renderList(users = [helene, malik], { rowOpensUser = false, onAct = vi.fn() } = {}) {
  renderRoutes('/admin/dashboard', {
    '/admin/dashboard': (
      <UsersList
        label="Utilisateurs"
        query={{ data: usersResponse(users), isError: false, isFetching: false, refetch: () => undefined }}
        loadFailed="Échec du chargement des utilisateurs. Veuillez réessayer."
        loadingLabel="Chargement des utilisateurs"
        page={1}
        pageSize={20}
        onPaging={() => undefined}
        fields={fields}
        rowOpensUser={rowOpensUser}
        actions={(user) => (
          <button type="button" onClick={() => onAct(user.id)}>
            Approuver {user.firstname}
          </button>
        )}
        empty={<p>Aucun utilisateur trouvé</p>}
      />
    ),
    '*': <Arrival />,
  });
  return onAct;
}

afterEach(() => vi.unstubAllGlobals());

describe('UsersList', () => {
  it('is a table from the medium breakpoint up', () => {
    setScreenWidth(1280);
    renderList();
    const table = screen.getByRole('table', { name: 'Utilisateurs' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nom', 'E-mail', 'Spécialité', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Utilisateurs' })).not.toBeInTheDocument();
  });

  it('is one card per user on a phone, with every field labelled and every action', async () => {
    setScreenWidth(360);
    const onAct = renderList();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Utilisateurs' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Hélène Dupré' })).toHaveAttribute('href', '/admin/users/7');
    expect(within(first).getAllByRole('term').map((term) => term.textContent)).toEqual(['E-mail', 'Spécialité']);
    expect(within(first).getAllByRole('definition').map((value) => value.textContent)).toEqual(['helene.dupre@exemple.fr', 'Biodiversité']);
    expect(within(second).getAllByRole('definition').map((value) => value.textContent)).toEqual(['malik@exemple.fr', '—']);
    await userEvent.click(within(second).getByRole('button', { name: 'Approuver Malik' }));
    expect(onAct).toHaveBeenCalledWith(8);
  });

  it('says nothing matched, at either width', () => {
    setScreenWidth(360);
    renderList([]);
    expect(screen.getByText('Aucun utilisateur trouvé')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('opens the user from anywhere on the row when asked, but not from an action', async () => {
    setScreenWidth(1280);
    const onAct = renderList([helene], { rowOpensUser: true });
    await userEvent.click(screen.getByRole('button', { name: 'Approuver Hélène' }));
    expect(onAct).toHaveBeenCalledWith(7);
    expect(screen.getByRole('table')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Biodiversité'));
    expect(await screen.findByText('Arrivée : /admin/users/7')).toBeInTheDocument();
  });
});
