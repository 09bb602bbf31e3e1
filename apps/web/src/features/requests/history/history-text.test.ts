import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@crm/shared';
import { describeChange, describeEntry, noteAuthors, whoDid } from './history-text';

afterEach(() => {
  vi.unstubAllEnvs();
});

const ana = { _id: 'a'.repeat(24), name: 'Ana', lastName: 'Castro' };
const luis = { _id: 'b'.repeat(24), name: 'Luis', lastName: 'Pérez' };
const users = [ana, luis];
const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  at: '2026-11-23T10:42:00.000Z',
  by: ana._id,
  byName: 'Ana Castro',
  field: 'status',
  from: 'contacted',
  to: 'quote sent',
  ...overrides,
});

describe('describeEntry (the "Historial" lines)', () => {
  it('says who moved it from which column to which, and when', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(describeEntry(entry({}), users)).toBe(
      'Ana C. movió de CONTACTADO a COTIZACIÓN ENVIADA · 23/11/26 10:42',
    );
  });

  it('assignments: "asignó a" someone, or "quitó la asignación"', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(describeEntry(entry({ field: 'vendor', from: null, to: luis._id }), users)).toBe(
      'Ana C. asignó a Luis P. · 23/11/26 10:42',
    );
    expect(describeEntry(entry({ field: 'vendor', from: luis._id, to: null }), users)).toBe(
      'Ana C. quitó la asignación · 23/11/26 10:42',
    );
  });

  it('notes: added, edited, removed', () => {
    vi.stubEnv('TZ', 'UTC');
    const note = (from: string | null, to: string | null) =>
      describeEntry(entry({ field: 'note', from, to }), users);
    expect(note(null, 'Hola')).toMatch(/^Ana C\. agregó una nota · /);
    expect(note('Hola', 'Hola!')).toMatch(/^Ana C\. editó una nota · /);
    expect(note('Hola', null)).toMatch(/^Ana C\. borró una nota · /);
  });
});

describe('whoDid', () => {
  it('"Alguien" without a user, "Usuario eliminado" for a user gone, the name when unlisted', () => {
    expect(whoDid({ by: null, byName: null }, users)).toBe('Alguien');
    expect(whoDid({ by: 'c'.repeat(24), byName: null }, users)).toBe('Usuario eliminado');
    expect(whoDid({ by: 'c'.repeat(24), byName: 'Marta Gómez Ruiz' }, users)).toBe('Marta G.');
  });
});

describe('noteAuthors', () => {
  it('gives each note text the newest entry that wrote it', () => {
    vi.stubEnv('TZ', 'UTC');
    const authors = noteAuthors(
      [
        entry({
          field: 'note',
          by: luis._id,
          from: 'Hola',
          to: 'Hola!',
          at: '2026-11-23T11:00:00.000Z',
        }),
        entry({ field: 'note', from: null, to: 'Hola!', at: '2026-11-22T09:00:00.000Z' }),
        entry({ field: 'note', from: null, to: 'Otra' }),
        entry({}),
      ],
      users,
    );
    expect(authors.get('Hola!')).toBe('Luis P. · 23/11/26 11:00');
    expect(authors.get('Otra')).toBe('Ana C. · 23/11/26 10:42');
    expect(authors.size).toBe(2);
  });
});

describe('describeChange for activities (issue 20)', () => {
  const activity = { _id: 'c'.repeat(24), title: 'Llamar' };
  const line = (overrides: Partial<HistoryEntry>) =>
    describeChange(entry({ activity, ...overrides }), users);

  it('says what happened to which activity', () => {
    expect(line({ field: 'activity', from: null, to: 'Llamar' })).toBe('Ana C. planificó «Llamar»');
    expect(line({ field: 'activity', from: 'Llamar', to: null })).toBe(
      'Ana C. borró la actividad «Llamar»',
    );
    expect(line({ field: 'activity', from: 'Llamar', to: 'Llamar ya' })).toBe(
      'Ana C. renombró «Llamar» a «Llamar ya»',
    );
    expect(line({ field: 'activityType', from: 'call', to: 'meeting' })).toBe(
      'Ana C. cambió «Llamar» a Reunión',
    );
    expect(line({ field: 'activityDue', from: '2026-12-12', to: '2026-12-13 10:30' })).toBe(
      'Ana C. reprogramó «Llamar» para 2026-12-13 10:30',
    );
    expect(line({ field: 'activityOwner', from: ana._id, to: luis._id })).toBe(
      'Ana C. asignó «Llamar» a Luis P.',
    );
    expect(line({ field: 'activityOwner', from: luis._id, to: null })).toBe(
      'Ana C. dejó «Llamar» sin responsable',
    );
    expect(line({ field: 'activityDone', from: 'open', to: 'done' })).toBe(
      'Ana C. completó «Llamar»',
    );
    expect(line({ field: 'activityDone', from: 'done', to: 'open' })).toBe(
      'Ana C. reabrió «Llamar»',
    );
  });
});
