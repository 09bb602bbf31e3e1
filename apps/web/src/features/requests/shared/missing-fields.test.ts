import { describe, expect, it } from 'vitest';
import { CLOSED_REQUIRED_FIELDS, EVENT_FIELD_PLACEHOLDERS, STAGE_FIELD_LABELS } from '@crm/shared';
import {
  describeMissing,
  firstFillableField,
  missingFieldLabels,
  missingSentence,
  type MissingField,
} from './missing-fields';
import { COMPLETE_FIELDS } from '../../../test/requests';

/** A request that meets every §5 rule, closed stage included. */
const complete = {
  ...COMPLETE_FIELDS,
  requestNumber: 42,
  vendor: '665f1c2b8a1e4b3d9c0f1a2b',
};

const fields = (missing: readonly MissingField[]) => missing.map((item) => item.field);
const labelled = (...names: (keyof typeof STAGE_FIELD_LABELS)[]): MissingField[] =>
  names.map((field) => ({ field, label: STAGE_FIELD_LABELS[field] }));

describe('missingFieldLabels', () => {
  it('when the request is in NUEVA SOLICITUD, then nothing is missing, whatever its fields', () => {
    expect(missingFieldLabels({ status: 'new request' })).toEqual([]);
  });

  it('when a request fresh from the form is closed, then it lists every closed-stage field it lacks, in the rules order, in Spanish', () => {
    const fresh = {
      ...EVENT_FIELD_PLACEHOLDERS,
      status: 'closed',
      sourceOfContact: 'unknown',
      company: '',
      jobPosition: '',
      requestNumber: null,
      vendor: null,
    };

    const missing = missingFieldLabels(fresh);

    expect(fields(missing)).toEqual([...CLOSED_REQUIRED_FIELDS]);
    expect(missing.slice(0, 3)).toEqual([
      { field: 'paymentMethod', label: 'método de pago' },
      { field: 'eventsQuantity', label: 'cantidad de eventos' },
      { field: 'pax', label: 'pax (número de personas)' },
    ]);
    expect(missing.at(-1)).toEqual({
      field: 'emailSentToCloseEvents',
      label: 'correo de cierre enviado',
    });
  });

  it('when a request in a middle stage lacks some fields, then only those are listed (0 counts as set there, §5)', () => {
    const missing = missingFieldLabels({
      ...complete,
      status: 'quote sent',
      eventsQuantity: 0,
      company: 'unknown',
      vendor: null,
    });

    expect(missing).toEqual([
      { field: 'company', label: 'compañía' },
      { field: 'vendor', label: 'ejecutivo asignado' },
    ]);
  });

  it('when the request meets the rules of its stage, then nothing is missing', () => {
    expect(missingFieldLabels({ ...complete, status: 'closed' })).toEqual([]);
    expect(missingFieldLabels({ ...complete, status: 'contacted' })).toEqual([]);
  });

  it('has a label for every field the rules may ask for, and none is the English field name', () => {
    for (const field of CLOSED_REQUIRED_FIELDS) {
      expect(STAGE_FIELD_LABELS[field]).toMatch(/^[a-záéíóúñ() ]+$/);
      expect(STAGE_FIELD_LABELS[field].toLowerCase()).not.toBe(field.toLowerCase());
    }
  });
});

describe('describeMissing and missingSentence', () => {
  it('names one, two and three fields as Spanish lists', () => {
    expect(describeMissing([])).toBe('');
    expect(describeMissing(labelled('jobPosition'))).toBe('cargo');
    expect(describeMissing(labelled('jobPosition', 'company'))).toBe('cargo y compañía');
    expect(describeMissing(labelled('paymentMethod', 'jobPosition', 'company'))).toBe(
      'método de pago, cargo y compañía',
    );
  });

  it('beyond three fields, names the first three and counts the rest', () => {
    const missing = labelled('paymentMethod', 'eventsQuantity', 'amoutPaid', 'pax', 'vendor');

    expect(describeMissing(missing)).toBe(
      'método de pago, cantidad de eventos, monto pagado y 2 más',
    );
    expect(describeMissing(missing, 5)).toBe(
      'método de pago, cantidad de eventos, monto pagado, pax (número de personas) y ejecutivo asignado',
    );
  });

  it('agrees "Falta" / "Faltan" with the number of fields', () => {
    expect(missingSentence([])).toBe('');
    expect(missingSentence(labelled('jobPosition'))).toBe('Falta: cargo.');
    expect(missingSentence(labelled('jobPosition', 'company'))).toBe('Faltan: cargo y compañía.');
  });
});

describe('firstFillableField', () => {
  it('when the first missing fields are read-only in the modal, then it skips them', () => {
    const missing = labelled('sourceOfContact', 'requestNumber', 'jobPosition');

    expect(firstFillableField(missing, { canAssign: true })).toBe('jobPosition');
  });

  it('the executive is fillable only by someone who may assign it (§6)', () => {
    const missing = labelled('requestNumber', 'vendor', 'amoutPaid');

    expect(firstFillableField(missing, { canAssign: true })).toBe('vendor');
    expect(firstFillableField(missing, { canAssign: false })).toBe('amoutPaid');
    expect(firstFillableField(labelled('vendor'), { canAssign: false })).toBeUndefined();
  });

  it('when nothing is missing, then there is nothing to fill', () => {
    expect(firstFillableField([], { canAssign: true })).toBeUndefined();
  });
});
