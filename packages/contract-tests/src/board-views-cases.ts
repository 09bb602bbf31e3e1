import { BOARD_VIEW_MESSAGES, FIELD_MESSAGES, api } from '@crm/shared';
import type { ContractCase } from './client.js';
import { UNKNOWN_ID, anyString, fieldError } from './fixtures.js';

/** The caller's own board (issue 25): the filters it remembers and their saved views. */

export const boardViewsContractCases: ContractCase[] = [
  {
    name: 'boardViews.getFilters and putFilters: a vendor starts on "me", others on all; the whole set replaces; no search text; each reads only their own',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      expect(await c.call(api.boardViews.getFilters, {}, vendor.token)).toEqual({
        status: 200,
        body: { vendor: 'me' },
      });
      expect(await c.call(api.boardViews.getFilters, {}, driver.token)).toEqual({
        status: 200,
        body: {},
      });
      const filters = { priority: 'high', outcome: 'won' };
      expect(await c.call(api.boardViews.putFilters, { body: filters }, vendor.token)).toEqual({
        status: 200,
        body: filters,
      });
      expect(await c.call(api.boardViews.getFilters, {}, vendor.token)).toEqual({
        status: 200,
        body: filters,
      });
      expect(await c.call(api.boardViews.getFilters, {}, driver.token)).toEqual({
        status: 200,
        body: {},
      });
      expect(await c.call(api.boardViews.putFilters, { body: {} }, vendor.token)).toEqual({
        status: 200,
        body: {},
      });
      expect(await c.call(api.boardViews.getFilters, {}, vendor.token)).toEqual({
        status: 200,
        body: {},
      });
      const refused = await c.call(api.boardViews.putFilters, { body: { q: 'x' } }, vendor.token);
      expect(refused.status).toBe(400);
    },
  },
  {
    name: 'boardViews.create, list, update and remove: the owner’s only; a name taken in any case is 409 naming it; a bad name is 400 naming it',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const other = await c.signIn('vendor');
      const created = await c.call(
        api.boardViews.create,
        { body: { name: ' Calientes ', filters: { priority: 'high', q: 'García' } } },
        token,
      );
      const view = {
        _id: anyString(expect),
        name: 'Calientes',
        filters: { priority: 'high', q: 'García' },
        createdAt: anyString(expect),
      };
      expect(created).toEqual({ status: 201, body: view });
      const id = (created.body as { _id: string })._id;
      expect(await c.call(api.boardViews.list, {}, token)).toEqual({
        status: 200,
        body: { items: [view] },
      });
      expect(await c.call(api.boardViews.list, {}, other.token)).toEqual({
        status: 200,
        body: { items: [] },
      });
      expect(
        await c.call(api.boardViews.create, { body: { name: 'CALIENTES', filters: {} } }, token),
      ).toEqual(fieldError(409, 'name', BOARD_VIEW_MESSAGES.nameTaken));
      expect(
        await c.call(api.boardViews.create, { body: { name: ' ', filters: {} } }, token),
      ).toEqual(fieldError(400, 'name', BOARD_VIEW_MESSAGES.nameRequired));
      expect(
        await c.call(api.boardViews.create, { body: { name: 'x'.repeat(61), filters: {} } }, token),
      ).toEqual(fieldError(400, 'name', FIELD_MESSAGES.tooLong(60)));

      expect(
        await c.call(api.boardViews.update, { params: { id }, body: { name: 'Mía' } }, other.token),
      ).toMatchObject({ status: 404 });
      const renamed = { ...view, name: 'Muy calientes' };
      expect(
        await c.call(
          api.boardViews.update,
          { params: { id }, body: { name: 'Muy calientes' } },
          token,
        ),
      ).toEqual({ status: 200, body: renamed });
      expect(
        await c.call(api.boardViews.remove, { params: { id: UNKNOWN_ID } }, token),
      ).toMatchObject({ status: 404 });
      expect(await c.call(api.boardViews.remove, { params: { id } }, other.token)).toMatchObject({
        status: 404,
      });
      expect(await c.call(api.boardViews.remove, { params: { id } }, token)).toEqual({
        status: 200,
        body: renamed,
      });
      expect(await c.call(api.boardViews.list, {}, token)).toEqual({
        status: 200,
        body: { items: [] },
      });
    },
  },
];
