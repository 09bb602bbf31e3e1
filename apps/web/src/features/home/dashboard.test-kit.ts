import { vi } from 'vitest';
import { addRequest, addUser, moveAt } from '../../test/fake-api';

/** Wednesday 18 November 2026, mid-afternoon: "Este mes" is November, compared with October. */
export const NOW = new Date('2026-11-18T15:00:00.000Z');

/** The clock at NOW (Date only: timers stay real for the queries and the user events). */
export function atNow() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
}

/**
 * A team whose November is computed by hand below (every instant at 14:00 UTC, the same day in
 * any American or European zone):
 * - r1 (Bea, landing form): created 2 Nov, CONTACTADO 4 Nov, COTIZACIÓN ENVIADA 9 Nov, CERRADO
 *   won 10 Nov with 1.000.000 paid. Stays: 2, 5 and 1 days.
 * - r2 (Bea, other source): created 3 Nov, CONTACTADO 7 Nov, CERRADO lost ("Precio") 8 Nov,
 *   skipping two stages (it passed them). Stays: 4 and 1 days.
 * - r3 (Carlos, landing form): created 5 Nov, still new (stale), 2.000.000 expected.
 * - r4 (Bea): created 10 Oct, CERRADO won 20 Oct with 500.000: October's only closing.
 * - r5 (nobody, other source): created 6 Nov, CONTACTADO 16 Nov, 1.000.000 expected. Stay: 10.
 * - r6 (Bea): created 1 Aug, EN ESPERA since (stale).
 *
 * November: funnel 4 → 3 (75 %) → 2 (67 %) → 2 (100 %) → 2 (100 %); NUEVA SOLICITUD's stays 2,
 * 4, 10 (median 4,0, p90 10,0), CONTACTADO's 5, 1 (3,0 and 5,0), COTIZACIÓN ENVIADA's 1; closed
 * 2 for 1.000.000 against 1 for 500.000 (+1, +100 %); won 1, lost 1 (50 %); pipeline 3.000.000,
 * forecast 2.000.000 × 10 % + 1.000.000 × 20 % = 400.000. Week of 2 Nov: 2 landing, 2 other.
 */
export function seedDashboard() {
  const admin = addUser({ role: 'system admin', name: 'Ada', lastName: 'Admin' });
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const carlos = addUser({ role: 'vendor', name: 'Carlos', lastName: 'Soto' });
  const at = (day: string) => `2026-${day}T14:00:00.000Z`;

  const r1 = addRequest({ vendor: bea._id, sourceOfContact: 'website', createdAt: at('11-02') });
  moveAt(r1, 'contacted', at('11-04'));
  moveAt(r1, 'quote sent', at('11-09'));
  moveAt(r1, 'closed', at('11-10'));
  Object.assign(r1, {
    amoutPaid: 1_000_000,
    outcome: { result: 'won', reason: null, comment: null },
  });

  const r2 = addRequest({ vendor: bea._id, sourceOfContact: 'vendor', createdAt: at('11-03') });
  moveAt(r2, 'contacted', at('11-07'));
  moveAt(r2, 'closed', at('11-08'));
  r2.outcome = { result: 'lost', reason: 'Precio', comment: null };

  addRequest({
    vendor: carlos._id,
    sourceOfContact: 'website',
    createdAt: at('11-05'),
    expectedValue: 2_000_000,
  });

  const r4 = addRequest({ vendor: bea._id, sourceOfContact: 'website', createdAt: at('10-10') });
  moveAt(r4, 'closed', at('10-20'));
  Object.assign(r4, {
    amoutPaid: 500_000,
    outcome: { result: 'won', reason: null, comment: null },
  });

  const r5 = addRequest({
    vendor: null,
    sourceOfContact: 'unknown',
    createdAt: at('11-06'),
    expectedValue: 1_000_000,
  });
  moveAt(r5, 'contacted', at('11-16'));

  addRequest({ vendor: bea._id, status: 'follow up', createdAt: at('08-01') });
  return { admin, bea, carlos };
}
