import { describe, expect, it } from 'vitest';
import { checkStageRules } from './request-rules.js';

const complete = {
  paymentMethod: 'transfer',
  eventsQuantity: 2,
  pax: 40,
  sourceOfContact: 'vendor',
  bussinesItem: 'catering',
  company: 'ACME',
  jobPosition: 'CEO',
  requestNumber: 3,
  vendor: '0123456789abcdef01234567',
  amoutPaid: 1500,
  emailSentToCloseEvents: true,
};

describe('§5 Edit request stage rules', () => {
  it('asks nothing of a "new request"', () => {
    expect(checkStageRules({ status: 'new request' })).toEqual([]);
  });

  it.each(['contacted', 'quote sent', 'follow up'])(
    'in "%s" needs the nine fields present and not "unknown"',
    (status) => {
      const errors = checkStageRules({
        ...complete,
        status,
        paymentMethod: 'unknown',
        company: '',
        vendor: null,
        requestNumber: undefined,
      });
      expect(errors).toEqual([
        { path: 'paymentMethod', message: 'paymentMethod is required and cannot be "unknown"' },
        { path: 'company', message: 'company is required and cannot be "unknown"' },
        { path: 'requestNumber', message: 'requestNumber is required and cannot be "unknown"' },
        { path: 'vendor', message: 'vendor is required and cannot be "unknown"' },
      ]);
      expect(checkStageRules({ ...complete, status })).toEqual([]);
    },
  );

  it('outside "closed" does not ask for amoutPaid or emailSentToCloseEvents', () => {
    expect(
      checkStageRules({
        ...complete,
        status: 'contacted',
        amoutPaid: 0,
        emailSentToCloseEvents: 'pending',
      }),
    ).toEqual([]);
  });

  it('in "closed" also needs amoutPaid and emailSentToCloseEvents, refusing "unknown", "pending" and 0', () => {
    const errors = checkStageRules({
      ...complete,
      status: 'closed',
      pax: 0,
      bussinesItem: 'pending',
      jobPosition: 'unknown',
      amoutPaid: 0,
      emailSentToCloseEvents: 'pending',
    });
    expect(errors).toEqual([
      { path: 'pax', message: 'pax is required and cannot be "unknown or 0"' },
      { path: 'bussinesItem', message: 'bussinesItem is required and cannot be "unknown or 0"' },
      { path: 'jobPosition', message: 'jobPosition is required and cannot be "unknown or 0"' },
      { path: 'amoutPaid', message: 'amoutPaid is required and cannot be "unknown or 0"' },
      {
        path: 'emailSentToCloseEvents',
        message: 'emailSentToCloseEvents is required and cannot be "unknown or 0"',
      },
    ]);
    expect(checkStageRules({ ...complete, status: 'closed' })).toEqual([]);
  });
});
