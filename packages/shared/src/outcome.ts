import { z } from 'zod';
import { FIELD_MAX_LENGTH, type RequestStatus } from './constants.js';
import { optionalText } from './fields.js';
import { FIELD_MESSAGES } from './messages.js';

/*
 * Value and outcomes (issue 21): what a request is worth, and whether a closed one was won or
 * why it was lost. The expected value is staff's estimate ("Monto estimado"), apart from §5's
 * amoutPaid (what was actually paid). A request reaches CERRADO only with an outcome; leaving
 * CERRADO clears it. Requests closed before issue 21 have none ("Sin resultado") until someone
 * sets one in the modal.
 */

/** The largest expected value accepted: 10^12 in the installation's currency. */
export const MAX_EXPECTED_VALUE = 1_000_000_000_000;

/** A whole amount ≥ 0; null: not estimated. */
export const expectedValueSchema = z
  .number({ error: FIELD_MESSAGES.expectedValueInvalid })
  .int(FIELD_MESSAGES.expectedValueInvalid)
  .min(0, FIELD_MESSAGES.expectedValueInvalid)
  .max(MAX_EXPECTED_VALUE, FIELD_MESSAGES.expectedValueInvalid)
  .nullable();

export const OUTCOME_RESULTS = ['won', 'lost'] as const;
export type OutcomeResult = (typeof OUTCOME_RESULTS)[number];

/** A lost reason's text: one of the settings' list when chosen (the list may change later). */
export const LOST_REASON_MAX_LENGTH = 60;

/**
 * The outcome as sent with a move to CERRADO or an update: won, or lost with a reason from the
 * settings' list and an optional comment. The API checks the reason against the list.
 */
export const outcomeBodySchema = z
  .object({
    result: z.enum(OUTCOME_RESULTS, { error: FIELD_MESSAGES.outcomeRequired }),
    reason: z
      .string({ error: FIELD_MESSAGES.lostReasonRequired })
      .max(LOST_REASON_MAX_LENGTH, FIELD_MESSAGES.lostReasonUnknown)
      .nullable()
      .optional(),
    comment: optionalText(FIELD_MAX_LENGTH.note).nullable().optional(),
  })
  .superRefine((outcome, ctx) => {
    if (outcome.result === 'lost' && !outcome.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: FIELD_MESSAGES.lostReasonRequired,
      });
    }
  });
export type OutcomeBody = z.infer<typeof outcomeBodySchema>;

/** The outcome as a request carries it; null on open requests and on those closed before it. */
export const outcomeSchema = z.object({
  result: z.enum(OUTCOME_RESULTS),
  /** The lost reason (null when won), as it read when chosen. */
  reason: z.string().nullable(),
  comment: z.string().nullable(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

/** `outcome=` on the board ("Resultado"): narrows CERRADO only; open columns are unaffected. */
export const OUTCOME_FILTERS = ['won', 'lost', 'none'] as const;
export type OutcomeFilter = (typeof OUTCOME_FILTERS)[number];

// ---------------------------------------------------------------------------------------------
// The rules a move and an update share (issue 21), once for the API and the web tests' fake
// (issue 34): the API's requests/outcome/outcome.ts and fake-api/requests.ts both call these.

/** What was sent, as it will be stored: a won outcome has no reason, a blank comment none. */
export const outcomeOf = (sent: OutcomeBody): Outcome => ({
  result: sent.result,
  reason: sent.result === 'lost' ? (sent.reason ?? null) : null,
  comment: sent.comment || null,
});

export const sameOutcome = (a: Outcome | null, b: Outcome | null) =>
  a?.result === b?.result && a?.reason === b?.reason && a?.comment === b?.comment;

/** The outcome as the history shows it: "won", "lost: <reason>", null for none. */
export const outcomeText = (outcome: Outcome | null): string | null =>
  outcome ? (outcome.result === 'won' ? 'won' : `lost: ${outcome.reason ?? ''}`) : null;

/**
 * The outcome a request ends with when a move or an update leaves it in `status`, from `stored`
 * (its status and outcome before): `refused` names the field and the message of a 400, else
 * `outcome`, and `reasonToCheck`, the lost reason the caller must find in the settings' list
 * (null when there is none to check). Entering CERRADO needs an outcome; any other stage refuses
 * one and leaving CERRADO clears it; a closed request keeps its own unless another is sent. A
 * lost reason must be in the list now, or be the one the request already has: a reason removed
 * from the list stays readable, and re-sendable, where used. The outcome a request already has,
 * sent back with the whole request, is no outcome sent.
 */
export function outcomeAfter(
  stored: { status: RequestStatus; outcome: Outcome | null },
  status: RequestStatus,
  sentBody: OutcomeBody | null | undefined,
):
  | { outcome: Outcome | null; reasonToCheck: string | null }
  | { refused: { path: 'outcome' | 'outcome.reason'; message: string } } {
  const sent =
    sentBody && !sameOutcome(outcomeOf(sentBody), stored.outcome) ? outcomeOf(sentBody) : null;
  if (status !== 'closed') {
    if (sent) return { refused: { path: 'outcome', message: FIELD_MESSAGES.outcomeOnOpenRequest } };
    return { outcome: null, reasonToCheck: null };
  }
  if (!sent) {
    if (stored.status !== 'closed') {
      return { refused: { path: 'outcome', message: FIELD_MESSAGES.outcomeRequired } };
    }
    return { outcome: stored.outcome, reasonToCheck: null };
  }
  const kept = stored.outcome?.result === 'lost' && stored.outcome.reason === sent.reason;
  return { outcome: sent, reasonToCheck: kept ? null : sent.reason };
}

/** `refused` for a lost reason not in the settings' list. */
export const unknownLostReason = {
  path: 'outcome.reason',
  message: FIELD_MESSAGES.lostReasonUnknown,
} as const;
