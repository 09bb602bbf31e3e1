import { z } from 'zod';
import { FIELD_MAX_LENGTH } from './constants.js';
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
