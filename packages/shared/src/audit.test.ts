import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  auditDetailsText,
  auditQuerySchema,
  decodeAuditCursor,
  encodeAuditCursor,
} from './audit.js';

describe('the audit log’s words and query (issue 32)', () => {
  it('says an entry’s details in Spanish, codes included', () => {
    expect(auditDetailsText({ fields: ['role', 'password'], from: 'vendor', to: 'driver' })).toBe(
      'campos: rol, contraseña · antes: vendor · después: driver',
    );
    expect(auditDetailsText({ rows: 1200, format: 'csv', complete: true })).toBe(
      'filas: 1.200 · formato: csv · completa: sí',
    );
    expect(auditDetailsText({ kind: 'delete', changed: 3 })).toBe(
      'acción: eliminar · cambiadas: 3',
    );
  });

  it('has a label for every action, and no two alike', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]);
    expect(labels.every(Boolean)).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('pages by a cursor that round-trips, and refuses days out of order', () => {
    const entry = { at: '2026-11-28T13:49:00.000Z', _id: '665f1c2a9b3e4d0012345678' };
    expect(decodeAuditCursor(encodeAuditCursor(entry))).toEqual(entry);
    const reversed = auditQuerySchema.safeParse({ from: '2026-11-30', to: '2026-11-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.path).toEqual(['to']);
  });
});
