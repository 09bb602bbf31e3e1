import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from './messages.js';
import { outcomeAfter } from './outcome.js';

// Issue 34: the outcome rules once, for the API and the web tests' fake.

const lost = { result: 'lost' as const, reason: 'Precio', comment: null };

describe('outcomeAfter', () => {
  it('when a request enters CERRADO without an outcome, then "outcome" is refused', () => {
    expect(outcomeAfter({ status: 'contacted', outcome: null }, 'closed', undefined)).toEqual({
      refused: { path: 'outcome', message: FIELD_MESSAGES.outcomeRequired },
    });
  });

  it('when an outcome is sent to an open stage, then it is refused; leaving CERRADO clears it', () => {
    expect(outcomeAfter({ status: 'new request', outcome: null }, 'contacted', lost)).toEqual({
      refused: { path: 'outcome', message: FIELD_MESSAGES.outcomeOnOpenRequest },
    });
    expect(outcomeAfter({ status: 'closed', outcome: lost }, 'contacted', undefined)).toEqual({
      outcome: null,
      reasonToCheck: null,
    });
  });

  it('when a lost outcome is sent, then its reason is to be checked, unless it is the one the request has', () => {
    expect(outcomeAfter({ status: 'contacted', outcome: null }, 'closed', lost)).toEqual({
      outcome: lost,
      reasonToCheck: 'Precio',
    });
    const kept = { ...lost, comment: 'Otra nota' };
    expect(outcomeAfter({ status: 'closed', outcome: lost }, 'closed', kept)).toEqual({
      outcome: kept,
      reasonToCheck: null,
    });
  });

  it('when a won outcome is sent with a reason and a blank comment, then both are dropped', () => {
    expect(
      outcomeAfter({ status: 'quote sent', outcome: null }, 'closed', {
        result: 'won',
        reason: 'Precio',
        comment: '',
      }),
    ).toEqual({ outcome: { result: 'won', reason: null, comment: null }, reasonToCheck: null });
  });

  it('when a closed request is sent back with its own outcome, then it keeps it and nothing is checked', () => {
    expect(outcomeAfter({ status: 'closed', outcome: lost }, 'closed', lost)).toEqual({
      outcome: lost,
      reasonToCheck: null,
    });
  });
});
