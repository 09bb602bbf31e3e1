import { describe, expect, it } from 'vitest';
import { EVENT_FIELD_PLACEHOLDERS, type Request } from '@crm/shared';
import { isNotOlder, mergeServerCopy, openConflicts } from './merge-request';

const base: Request = {
  _id: '0123456789abcdef01234567',
  requestNumber: 7,
  name: 'Lucía',
  email: 'lucia@empresa.test',
  jobPosition: '',
  company: 'Vieja SA',
  contactNumber: '',
  message: 'Hola',
  requestType: 'otro',
  status: 'contacted',
  priority: 'low',
  vendor: null,
  sourceOfContact: 'website',
  notes: ['Una nota'],
  createdAt: '2026-03-05T15:00:00.000Z',
  version: 3,
  statusVersion: 1,
  nextActivity: null,
  expectedValue: null,
  outcome: null,
  stageChangedAt: '2026-03-05T15:00:00.000Z',
  ...EVENT_FIELD_PLACEHOLDERS,
};

describe('mergeServerCopy (base, mine, theirs)', () => {
  it('when only they changed a field, then it is taken into the draft and listed', () => {
    const theirs = { ...base, name: 'Lucía Torres', version: 4 };
    const result = mergeServerCopy(base, { ...base, company: 'Mía SA' }, theirs);
    expect(result.draft).toMatchObject({ name: 'Lucía Torres', company: 'Mía SA', version: 4 });
    expect(result.taken).toEqual(['name']);
    expect(result.conflicts).toEqual([]);
  });

  it('when both changed a field differently, then mine stays and it is a conflict with theirs', () => {
    const theirs = { ...base, company: 'Suya SA', version: 4 };
    const result = mergeServerCopy(base, { ...base, company: 'Mía SA' }, theirs);
    expect(result.draft.company).toBe('Mía SA');
    expect(result.draft.version).toBe(4);
    expect(result.conflicts).toEqual([{ field: 'company', theirs: 'Suya SA' }]);
    expect(result.taken).toEqual([]);
  });

  it('when both changed a field to the same value, then there is nothing to choose', () => {
    const theirs = { ...base, priority: 'high' as const, version: 4 };
    const result = mergeServerCopy(base, { ...base, priority: 'high' }, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.taken).toEqual([]);
  });

  it('compares notes by their contents and always takes the bookkeeping', () => {
    const theirs = { ...base, notes: ['Otra', 'Una nota'], version: 5, statusVersion: 2 };
    const result = mergeServerCopy(base, { ...base, notes: [...base.notes] }, theirs);
    expect(result.draft).toMatchObject({
      notes: ['Otra', 'Una nota'],
      version: 5,
      statusVersion: 2,
    });
    expect(result.taken).toEqual(['notes']);
  });
});

describe('isNotOlder', () => {
  it('refuses a copy older than the base by either counter', () => {
    expect(isNotOlder({ ...base, version: 2 }, base)).toBe(false);
    expect(isNotOlder({ ...base, statusVersion: 0 }, base)).toBe(false);
    expect(isNotOlder(base, base)).toBe(true);
    expect(isNotOlder({ ...base, statusVersion: 2 }, base)).toBe(true);
  });
});

describe('openConflicts', () => {
  it('keeps earlier conflicts, lets newer ones replace them, and drops those the draft now matches', () => {
    const draft = { ...base, company: 'Mía SA', name: 'Suyo' };
    expect(
      openConflicts(
        [
          { field: 'company', theirs: 'Suya SA' },
          { field: 'name', theirs: 'Suyo' },
        ],
        [{ field: 'company', theirs: 'Suya SA 2' }],
        draft,
      ),
    ).toEqual([{ field: 'company', theirs: 'Suya SA 2' }]);
  });
});
