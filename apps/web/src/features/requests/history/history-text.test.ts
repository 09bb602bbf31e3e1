import { afterEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_TEXT_MAX_LENGTH, shortenHistoryText, type HistoryEntry } from '@crm/shared';
import {
  describeChange,
  describeEntry,
  describeWhat,
  groupBySave,
  hasLongText,
  HISTORY_PREVIEW_LENGTH,
  noteAuthors,
  whoDid,
} from './history-text';

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
    expect(describeEntry(entry({}), users, 'UTC')).toBe(
      'Ana C. movió de CONTACTADO a COTIZACIÓN ENVIADA · 23/11/26 10:42',
    );
  });

  it('assignments: "asignó a" someone, or "quitó la asignación"', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(describeEntry(entry({ field: 'vendor', from: null, to: luis._id }), users, 'UTC')).toBe(
      'Ana C. asignó a Luis P. · 23/11/26 10:42',
    );
    expect(describeEntry(entry({ field: 'vendor', from: luis._id, to: null }), users, 'UTC')).toBe(
      'Ana C. quitó la asignación · 23/11/26 10:42',
    );
  });

  it('notes: added, edited, removed, with their text (issue 25); older entries without it', () => {
    vi.stubEnv('TZ', 'UTC');
    const note = (from: string | null, to: string | null) =>
      describeEntry(entry({ field: 'note', from, to }), users, 'UTC');
    expect(note(null, 'Hola')).toBe('Ana C. agregó una nota: «Hola» · 23/11/26 10:42');
    expect(note('Hola', 'Hola!')).toMatch(/^Ana C\. editó una nota: «Hola» → «Hola!» · /);
    expect(note('Hola', null)).toMatch(/^Ana C\. borró una nota: «Hola» · /);
    expect(note(null, null)).toBe('Ana C. agregó una nota · 23/11/26 10:42');
    expect(note(null, '')).toBe('Ana C. agregó una nota · 23/11/26 10:42');
  });

  it('an import (issue 24): the request’s source, "Importado desde" its file', () => {
    const imported = entry({ field: 'imported', from: null, to: 'clientes 2026.csv' });
    expect(describeWhat(imported, users)).toBe('Importado desde clientes 2026.csv');
    expect(describeChange(imported, users)).toBe(
      'Ana C. importó la solicitud: Importado desde clientes 2026.csv',
    );
  });

  it('a lead sent by API (issue 36): "Recibida por API", with the token’s source and owner', () => {
    const named = entry({ field: 'apiLead', from: null, to: 'Landing verano' });
    expect(describeWhat(named, users)).toBe('Recibida por API (Landing verano)');
    expect(describeChange(named, users)).toBe(
      'Recibida por API (Landing verano) con un token de Ana C.',
    );
    expect(describeChange(entry({ field: 'apiLead', from: null, to: null }), users)).toBe(
      'Recibida por API con un token de Ana C.',
    );
  });

  it('edited fields (issue 25): "campo: antes → después" in the modal’s words', () => {
    const edit = (field: HistoryEntry['field'], from: string | null, to: string | null) =>
      describeChange(entry({ field, from, to }), users);
    expect(edit('company', 'Vieja', 'Nueva')).toBe('Ana C. cambió Compañía: Vieja → Nueva');
    expect(edit('contactNumber', null, '+56 9 1234')).toBe(
      'Ana C. cambió Teléfono: (vacío) → +56 9 1234',
    );
    expect(edit('priority', 'mid', 'high')).toBe('Ana C. cambió Prioridad: Media → Alta');
    expect(edit('eventDate', null, '2026-12-12T00:00:00.000Z')).toBe(
      'Ana C. cambió Fecha del evento: (vacío) → 12/12/2026',
    );
    expect(edit('amoutPaid', '0', '1500000')).toBe('Ana C. cambió Monto pagado: 0 → 1.500.000');
    expect(edit('emailSentToCloseEvents', 'true', 'false')).toBe(
      'Ana C. cambió Correo de cierre enviado: Sí → No',
    );
  });

  it('amounts in the one money format, as the card and the board write them (issue 33)', () => {
    expect(
      describeChange(entry({ field: 'amoutPaid', from: '0', to: '1500000' }), users, false, 'CLP'),
    ).toBe('Ana C. cambió Monto pagado: $0 → $1.500.000');
    expect(
      describeWhat(
        entry({ field: 'expectedValue', from: null, to: '4500000' }),
        users,
        false,
        'CLP',
      ),
    ).toBe('estimó el monto en $4.500.000');
  });

  it('shortens a long text unless asked for all of it', () => {
    const long = 'x'.repeat(HISTORY_PREVIEW_LENGTH + 50);
    const what = (full: boolean) =>
      describeWhat(entry({ field: 'bussinesItem', from: null, to: long }), users, full);
    expect(hasLongText({ from: null, to: long })).toBe(true);
    expect(what(false)).toBe(`Rubro: (vacío) → ${'x'.repeat(HISTORY_PREVIEW_LENGTH - 1)}…`);
    expect(what(true)).toBe(`Rubro: (vacío) → ${long}`);
  });
});

describe('groupBySave (issue 25)', () => {
  it('keeps consecutive entries of the same moment and author together', () => {
    const later = '2026-11-24T10:00:00.000Z';
    const a = entry({ field: 'company', at: later });
    const b = entry({ field: 'pax', at: later });
    const c = entry({ field: 'pax', at: later, by: luis._id });
    const d = entry({});
    expect(groupBySave([a, b, c, d])).toEqual([[a, b], [c], [d]]);
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
      'UTC',
    );
    expect(authors.get('Hola!')).toBe('Luis P. · 23/11/26 11:00');
    expect(authors.get('Otra')).toBe('Ana C. · 23/11/26 10:42');
    expect(authors.size).toBe(2);
  });

  it('finds a long note by the shortened text its entry keeps (issue 25)', () => {
    vi.stubEnv('TZ', 'UTC');
    const long = 'n'.repeat(HISTORY_TEXT_MAX_LENGTH + 100);
    const authors = noteAuthors(
      [entry({ field: 'note', by: luis._id, from: null, to: shortenHistoryText(long) })],
      users,
      'UTC',
    );
    expect(authors.get(long)).toBe('Luis P. · 23/11/26 10:42');
    expect(authors.get('n'.repeat(HISTORY_TEXT_MAX_LENGTH + 1))).toBe('Luis P. · 23/11/26 10:42');
    expect(authors.get('otra')).toBeUndefined();
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
