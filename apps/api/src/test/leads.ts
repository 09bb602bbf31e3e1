import { DEFAULT_LEADS, type LeadsConfig } from '../config/leads-config.js';
import type { TestApp } from './test-app.js';

// What the lead tests send and allow: the website form's (leads.test.ts) and the API's
// (api-leads.test.ts) leads are the same form.

let counter = 0;

/** A lead from `who` ("Visitante", "Interesada"), with a fresh name and email each time. */
export function aLead(who: string, message: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = who.toLowerCase();
  return {
    name: `${who} ${counter}`,
    email: `${tag}${counter}.${Date.now().toString(36)}@example.com`,
    requestType: 'obtener una demo',
    message,
    company: 'Acme',
    jobPosition: 'Gerente',
    contactNumber: '+56 9 1234 5678',
    ...overrides,
  };
}

/** Form limits no test reaches by accident, but for what the test sets. */
export function setLeads(t: TestApp, leads: Partial<LeadsConfig> = {}): void {
  t.ctx.config.leads = {
    ...DEFAULT_LEADS,
    perAddress: { max: 1000, windowMs: 60_000 },
    overall: { max: 1000, windowMs: 60_000 },
    ...leads,
  };
}
