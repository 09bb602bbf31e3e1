import { ADMIN_ROLE, API_MESSAGES, api, userListSchema, type Request } from '@crm/shared';
import type { ContractCase } from './client.js';
import { idOf, newRequest, newUser, uniqueName } from './fixtures.js';

/**
 * The whole lists a screen reads in one call (issue 34: reads held to the contract): the users
 * ("Usuarios", the executive pickers) and the requests. Other cases' data is there too, so the
 * cases check the order over the whole list and find their own rows in it.
 */

const byName = new Intl.Collator('es', { sensitivity: 'base' });

export const listContractCases: ContractCase[] = [
  {
    name: 'users.list: every user for any role, by name then last name (accents and case aside), without passwords; 401 signed out',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const driver = await c.signIn('driver');
      for (const [name, lastName] of [
        ['Zoe', 'Ávila'],
        ['álvaro', 'Zúñiga'],
        ['Álvaro', 'Abarca'],
      ]) {
        const created = await c.call(
          api.users.create,
          { body: { ...newUser('vendor'), name, lastName } },
          admin.token,
        );
        expect(created.status).toBe(201);
      }

      const list = await c.call(api.users.list, {}, driver.token);
      expect(list.status).toBe(200);
      const users = userListSchema.parse(list.body);
      for (const user of users) expect(user).not.toHaveProperty('password');
      const outOfOrder = users.slice(1).filter((user, i) => {
        const before = users[i]!;
        return (
          (byName.compare(before.name, user.name) ||
            byName.compare(before.lastName, user.lastName)) > 0
        );
      });
      expect(outOfOrder).toEqual([]);
      expect(users.map(({ _id }) => _id)).toEqual(
        expect.arrayContaining([admin.user._id, driver.user._id]),
      );
      expect(await c.call(api.users.list)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.authRequired },
      });
    },
  },
  {
    name: 'requests.list: every request, newest first',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const first = await c.call(
        api.requests.create,
        { body: { ...newRequest, name: uniqueName() } },
        token,
      );
      const second = await c.call(
        api.requests.create,
        { body: { ...newRequest, name: uniqueName() } },
        token,
      );

      const list = await c.call(api.requests.list, {}, token);
      expect(list.status).toBe(200);
      const requests = list.body as Request[];
      const at = (answer: { body: unknown }) =>
        requests.findIndex(({ _id }) => _id === idOf(answer.body));
      expect(at(second)).toBeGreaterThanOrEqual(0);
      expect(at(second)).toBeLessThan(at(first));
      const outOfOrder = requests
        .slice(1)
        .filter((request, i) => Date.parse(requests[i]!.createdAt) < Date.parse(request.createdAt));
      expect(outOfOrder).toEqual([]);
    },
  },
];
