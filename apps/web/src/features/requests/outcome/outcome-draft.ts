import type { Outcome } from '@crm/shared';
import type { OutcomeDraft } from './outcome-fields';

/** What the fields hold for a stored outcome (none yet: nothing chosen). */
export const draftOfOutcome = (outcome: Outcome | null): OutcomeDraft => ({
  result: outcome?.result ?? null,
  reason: outcome?.reason ?? '',
  comment: outcome?.comment ?? '',
});

/**
 * The outcome as the API takes it: a won one has no reason, an empty comment is none. Not yet
 * chosen: `result` undefined, which the shared schema refuses with its own message.
 */
export const bodyOfDraft = (draft: OutcomeDraft) => ({
  result: draft.result ?? undefined,
  reason: draft.result === 'lost' ? draft.reason || null : null,
  comment: draft.result === 'lost' && draft.comment.trim() ? draft.comment : null,
});

/** The outcome as a request carries it, from the fields (the modal keeps it in its draft). */
export const outcomeOfDraft = (draft: OutcomeDraft): Outcome | null => {
  if (!draft.result) return null;
  const body = bodyOfDraft(draft);
  return { result: draft.result, reason: body.reason, comment: body.comment };
};
