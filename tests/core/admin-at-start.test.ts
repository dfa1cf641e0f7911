import * as E from 'fp-ts/Either';
import { ADMIN_NAME_TAKEN } from '../../core/identity/use-cases/admin-at-start';
import { conflict } from '../../core/shared/errors';
import { aForm, at, identityOnMemory } from '../support/identity';

const operator = { username: 'Owner', email: 'owner@store.test', password: 'Owner123' };

describe('the admin at start (DECISIONS 18)', () => {
  it('creates the admin with the configured password where no account holds its name or address', async () => {
    const { adminAtStart, signIn } = identityOnMemory();
    expect(await adminAtStart.ensure(operator)()).toMatchObject(E.right({ username: 'Owner', email: 'owner@store.test', role: 'Admin' }));
    expect(await signIn.signIn('owner', 'Owner123', at())()).toMatchObject(E.right({ user: { role: 'Admin' } }));
  });

  it('leaves that very admin as it is at the next start, its password too', async () => {
    const { adminAtStart, users } = identityOnMemory();
    await adminAtStart.ensure(operator)();
    const again = await adminAtStart.ensure({ username: 'OWNER', email: ' Owner@Store.test', password: 'Changed99' })();
    expect(again).toMatchObject(E.right({ username: 'Owner', role: 'Admin' }));
    expect((await users.findByUsername('owner'))?.passwordHash).toBe('plain:Owner123');
    expect(users.byId.size).toBe(1);
  });

  it.each([
    ['the address', { username: 'Squatter', email: 'owner@store.test' }],
    ['the username', { username: 'owner', email: 'someone@mail.test' }],
    ['the address written in fullwidth letters', { username: 'Squatter', email: '\uff4fwner@store.test' }],
  ])('refuses to start where a shopper holds %s, and promotes nobody', async (_, squatter) => {
    const { adminAtStart, signUp, users } = identityOnMemory();
    await signUp.signUp(aForm(squatter), at())();
    expect(await adminAtStart.ensure(operator)()).toEqual(E.left(conflict(ADMIN_NAME_TAKEN)));
    expect([...users.byId.values()].map((u) => u.role)).toEqual(['User']);
  });

  it('refuses where the name and the address belong to two accounts, even if one is an admin', async () => {
    const { adminAtStart, signUp } = identityOnMemory();
    await adminAtStart.ensure(operator)();
    await signUp.signUp(aForm({ username: 'Other', email: 'other@store.test' }), at())();
    expect(await adminAtStart.ensure({ ...operator, email: 'other@store.test' })()).toEqual(E.left(conflict(ADMIN_NAME_TAKEN)));
  });

  it('refuses a configuration that breaks the account rules', async () => {
    const { adminAtStart } = identityOnMemory();
    expect(await adminAtStart.ensure({ ...operator, password: 'weak' })()).toMatchObject(E.left({ kind: 'invalid' }));
    expect(await adminAtStart.ensure({ ...operator, email: 'owner@store' })()).toMatchObject(E.left({ kind: 'invalid' }));
  });
});
