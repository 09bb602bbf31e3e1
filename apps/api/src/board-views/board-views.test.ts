import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BOARD_VIEW_MESSAGES,
  BOARD_VIEWS_MAX,
  boardViewSchema,
  rememberedBoardFiltersSchema,
} from '@crm/shared';
import { bearer, useSignedInRoles, useTestApp } from '../test/test-app.js';

// Issue 25 item 1: each user's remembered board filters and saved views, their own only.

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

const getFilters = (token: string) =>
  request(t.app).get('/api/me/board-filters').set(bearer(token));
const putFilters = (token: string, body: object) =>
  request(t.app).put('/api/me/board-filters').set(bearer(token)).send(body);
const list = (token: string) => request(t.app).get('/api/me/board-views').set(bearer(token));
const create = (token: string, body: object) =>
  request(t.app).post('/api/me/board-views').set(bearer(token)).send(body);
const patch = (token: string, id: string, body: object) =>
  request(t.app).patch(`/api/me/board-views/${id}`).set(bearer(token)).send(body);
const remove = (token: string, id: string) =>
  request(t.app).delete(`/api/me/board-views/${id}`).set(bearer(token));

const pathsOf = (body: unknown) =>
  (body as { errors?: { path: string }[] }).errors?.map((error) => error.path) ?? [];

beforeEach(async () => {
  await t.ctx.models.BoardPrefs.deleteMany({});
});

describe('GET and PUT /api/me/board-filters', () => {
  it('when nothing was stored, then a vendor starts on their own requests and the others on the whole board', async () => {
    expect((await getFilters(vendor.token)).body).toEqual({ vendor: 'me' });
    expect((await getFilters(admin.token)).body).toEqual({});
    expect((await getFilters(driver.token)).body).toEqual({});
  });

  it('when a user stores filters, then they read them back, and no one else does', async () => {
    const res = await putFilters(vendor.token, { priority: 'high', next: 'overdue' });
    expect(res.status).toBe(200);
    expect(rememberedBoardFiltersSchema.parse(res.body)).toEqual({
      priority: 'high',
      next: 'overdue',
    });
    expect((await getFilters(vendor.token)).body).toEqual({ priority: 'high', next: 'overdue' });
    expect((await getFilters(driver.token)).body).toEqual({});

    // The whole set replaces the last one; none at all is the whole board, even for a vendor.
    await putFilters(vendor.token, {}).expect(200);
    expect((await getFilters(vendor.token)).body).toEqual({});
  });

  it.each([
    ['priority', { priority: 'Urgentísima' }],
    ['vendor', { vendor: 'someone' }],
    ['q', { q: 'García' }],
  ])('when %s is bad or not remembered (%j), then 400 names it', async (path, body) => {
    const res = await putFilters(vendor.token, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });
});

describe('/api/me/board-views', () => {
  const hot = { name: 'Calientes', filters: { priority: 'high', vendor: 'me', q: 'García' } };

  it('when a view is saved, renamed and deleted, then its owner sees each step and no one else sees it', async () => {
    const created = await create(vendor.token, hot);
    expect(created.status).toBe(201);
    const view = boardViewSchema.parse(created.body);
    expect(view).toMatchObject(hot);
    expect((await list(vendor.token)).body).toEqual({ items: [view] });
    expect((await list(driver.token)).body).toEqual({ items: [] });

    const renamed = await patch(vendor.token, view._id, { name: 'Muy calientes' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...view, name: 'Muy calientes' });

    const removed = await remove(vendor.token, view._id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ...view, name: 'Muy calientes' });
    expect((await list(vendor.token)).body).toEqual({ items: [] });
  });

  it('when another user names a view’s id, then it is not found for them and stays as it was', async () => {
    const view = boardViewSchema.parse((await create(vendor.token, hot)).body);
    expect((await patch(driver.token, view._id, { name: 'Mía' })).status).toBe(404);
    expect((await remove(admin.token, view._id)).status).toBe(404);
    expect((await list(vendor.token)).body).toEqual({ items: [view] });
  });

  it('when a name is already one of the user’s in another case, then 409 names it; another user may use it', async () => {
    const first = boardViewSchema.parse((await create(vendor.token, hot)).body);
    const clash = await create(vendor.token, { name: ' CALIENTES ', filters: {} });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      errors: [{ path: 'name', message: BOARD_VIEW_MESSAGES.nameTaken }],
    });
    expect((await create(driver.token, hot)).status).toBe(201);

    const other = boardViewSchema.parse(
      (await create(vendor.token, { name: 'Frías', filters: {} })).body,
    );
    expect((await patch(vendor.token, other._id, { name: 'calientes' })).status).toBe(409);
    // Its own name in another case is no clash.
    expect((await patch(vendor.token, first._id, { name: 'CALIENTES' })).body).toMatchObject({
      name: 'CALIENTES',
    });
  });

  it(`when a user has ${BOARD_VIEWS_MAX} views, then one more is refused until one goes`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < BOARD_VIEWS_MAX; i += 1) {
      const res = await create(driver.token, { name: `Vista ${i}`, filters: {} });
      expect(res.status).toBe(201);
      ids.push((res.body as { _id: string })._id);
    }
    const refused = await create(driver.token, { name: 'Una más', filters: {} });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errors: [{ message: BOARD_VIEW_MESSAGES.tooMany }] });
    await remove(driver.token, ids[0]!).expect(200);
    expect((await create(driver.token, { name: 'Una más', filters: {} })).status).toBe(201);
    expect((await list(driver.token)).body.items).toHaveLength(BOARD_VIEWS_MAX);
  });

  it.each([
    ['name', { filters: {} }],
    ['name', { name: '   ', filters: {} }],
    ['name', { name: 'x'.repeat(61), filters: {} }],
    ['name', { name: 'dos\nlíneas', filters: {} }],
    ['filters', { name: 'Sin filtros' }],
    ['filters.priority', { name: 'Mala', filters: { priority: 'Urgentísima' } }],
  ])('when %s is bad (%j), then 400 names it', async (path, body) => {
    const res = await create(vendor.token, body);
    expect(res.status).toBe(400);
    expect(pathsOf(res.body)).toContain(path);
  });

  it('when the id is not an id, then 400 names it', async () => {
    const res = await patch(vendor.token, 'nope', { name: 'Otra' });
    expect(res.status).toBe(400);
    expect(pathsOf(res.body)).toContain('id');
  });
});
