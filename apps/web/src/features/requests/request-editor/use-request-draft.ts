import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  API_MESSAGES,
  isRequestStatus,
  outcomeBodySchema,
  REQUEST_MESSAGES,
  updateRequestBodySchema,
  type Request,
} from '@crm/shared';
import { useMoveWithOutcome } from '../outcome';
import { othersChangeOf, type OtherPerson } from '../../../api/events/others-changes';
import { reloadStoredRequest, useSaveRequest } from '../../../api/requests/update-request';
import { ApiError, isConflict, serverFieldErrors } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { FormErrors } from '../../../lib/form/form-state';
import { useZodForm } from '../../../lib/use-zod-form';
import { readEditValue } from './edit-value';
import { isStoredDay } from './event-fields';
import {
  isNotOlder,
  mergeServerCopy,
  openConflicts,
  type FieldConflict,
  type MergeResult,
  type RequestField,
} from './merge-request';

export type RequestDraftOptions = {
  /** The request as the server has it now (its query): newer copies are merged under the draft. */
  server: Request;
  /** The request is gone (deleted meanwhile, found on a 409's reload). */
  onGone: () => void;
};

/**
 * The rules of an update, over the draft (a whole request): a request with no outcome (open, or
 * closed before issue 21) holds null, which the update leaves out (useSaveRequest sends the
 * outcome only when the modal changed it).
 */
const editRequestSchema = updateRequestBodySchema.extend({
  outcome: outcomeBodySchema.nullable().optional(),
});

/**
 * A save the rules stop is told as the API's refusal of it was (§8 has one message for any
 * failed update), with each field's message under it; a day typed that is not one is the
 * modal's own rule, and only its field says so.
 */
const refusedByTheApiRules = (errors: FormErrors<Request>, draft: Request) =>
  Object.keys(errors).some((field) => field !== 'eventDate' || isStoredDay(draft.eventDate));

/**
 * The Edit Request modal's draft and what happens to it (§2, issue 12). The form holds the whole
 * request and checks it with the rules the API checks an update with (§7's payload schema, from
 * @crm/shared); a save sends it as it is (§7), not the schema's trimmed copy, so a field is
 * stored exactly as the API would store it from the modal of the spec.
 *
 * The draft always sits on the newest server copy the modal has seen (a move's or a note's
 * answer, a reload after a 409, a refetch): what only the other person changed comes in, what
 * only the user typed stays, and what both changed is listed in `conflicts` until the user
 * chooses (ConflictPanel). Nothing typed is dropped without a choice. The stage is not saved
 * with the rest: a stage change is a move of its own, sent at once (`moveTo`).
 */
export function useRequestDraft({ server, onGone }: RequestDraftOptions) {
  const queryClient = useQueryClient();
  const save = useSaveRequest();
  // A move to CERRADO asks "¿Ganada o perdida?" first, as on the board.
  const move = useMoveWithOutcome();
  // The form's default values are the newest server copy merged so far: "Cancelar" discards
  // back to it, the vendor comparison and the three-way merge start from it.
  const form = useZodForm(editRequestSchema, server, {
    readValue: readEditValue,
    focusFirstError: true,
  });
  // "Cambios guardados" shows after a successful save until the next change (form.isDirty).
  const [saved, setSaved] = useState(false);
  const [conflicts, setConflicts] = useState<FieldConflict[]>([]);
  // What a refused save (409) brought in: the fields taken from the other person's version.
  const [taken, setTaken] = useState<RequestField[] | null>(null);
  const [merged, setMerged] = useState(server);
  // Issue 36: someone else's change, brought by the live stream while the user has typed
  // something, held until they ask for it ("Ver su versión", or a save): then taken in as after
  // a 409. Taken in at once when nothing was typed: `othersShown` then says whose it is.
  const [held, setHeld] = useState<{ copy: Request; person: OtherPerson } | null>(null);
  const [othersShown, setOthersShown] = useState<OtherPerson | null>(null);
  const draft = form.values;

  /** A newer copy under the draft, merged as `result`: theirs comes in, mine stays. */
  const takeIn = (copy: Request, result: MergeResult) => {
    form.rebase(copy, result.draft);
    setConflicts((open) => openConflicts(open, result.conflicts, result.draft));
  };

  // A newer copy of the request goes under the draft at once, during this render (React's
  // "adjusting state when a prop changes"); a copy older than the draft's base (an answer that
  // arrived late) would take it back, and is left out. Someone else's, with something typed
  // here, waits (`held`), unless it changed nothing the form shows; a later copy of this tab's
  // own (a note, a move) carries theirs too, and takes both in.
  if (server !== merged) {
    setMerged(server);
    if (isNotOlder(server, form.defaultValues)) {
      const person = othersChangeOf(server);
      const result = mergeServerCopy(form.defaultValues, form.values, server);
      const shows = result.taken.length + result.conflicts.length > 0;
      if (person && shows && form.hasChanges) setHeld({ copy: server, person });
      else {
        takeIn(server, result);
        if (held) {
          setHeld(null);
          setTaken(result.taken);
        } else if (person && shows) setOthersShown(person);
      }
    }
  }

  /** "Ver su versión": the held copy under the draft, as a 409's reload is. */
  const showTheirs = () => {
    if (!held) return;
    const result = mergeServerCopy(form.defaultValues, form.values, held.copy);
    takeIn(held.copy, result);
    setHeld(null);
    setTaken(result.taken);
  };

  // The stage shown (and checked by §5) is the move's target while it is on its way.
  const shownStatus = move.isPending && move.variables ? move.variables.to : draft.status;

  const moveTo = (value: string) => {
    if (!isRequestStatus(value) || move.isPending || value === server.status) return;
    // Cancelled: the stage select still shows where the request is. Refused: told by a notice.
    move.move(server, value).catch(() => undefined);
  };

  /** Reads the stored copy after a 409 (it is merged under the draft above) and says what came. */
  const reloadAfterConflict = (base: Request, request: Request) => {
    reloadStoredRequest(queryClient, base).then(
      (stored) => {
        if (!stored) {
          notify.error(API_MESSAGES.requestNotFound);
          onGone();
          return;
        }
        setTaken(mergeServerCopy(base, request, stored).taken);
      },
      (reloadError: unknown) => {
        console.error(reloadError);
        notify.error(REQUEST_MESSAGES.updateFailed);
      },
    );
  };

  /**
   * "Guardar cambios" (and "Guardar la mía"): the draft, on the copy it sits on. With someone
   * else's change held, their version is shown first, as a 409 would (the save would be one).
   */
  const saveDraft = form.handleSubmit(
    () => {
      const base = form.defaultValues;
      const request = draft;
      save.mutate(
        { original: base, draft: request },
        {
          onSuccess: (savedRequest) => {
            form.reset(savedRequest);
            setSaved(true);
            setConflicts([]);
            setTaken(null);
            setOthersShown(null);
          },
          onError: (error) => {
            if (isConflict(error)) {
              // Someone saved first: the draft stays; their copy is read and merged under it.
              setSaved(false);
              reloadAfterConflict(base, request);
              return;
            }
            if (error instanceof ApiError) form.setServerErrors(serverFieldErrors(error) ?? {});
          },
        },
      );
    },
    (errors) => {
      if (refusedByTheApiRules(errors, draft)) notify.error(REQUEST_MESSAGES.updateFailed);
    },
  );

  const submit = (event?: FormEvent) => {
    if (!held) return saveDraft(event);
    event?.preventDefault();
    showTheirs();
  };

  /** "Usar la suya": their value in every conflicting field. */
  const takeTheirs = () => {
    for (const { field, theirs } of conflicts) form.setValue(field, theirs);
    setTaken((current) => [...(current ?? []), ...conflicts.map(({ field }) => field)]);
    setConflicts([]);
  };

  return {
    /** The form over the draft: its values, field bindings, messages and refs by field. */
    form,
    draft,
    /** The stage to show: the one a move on its way goes to, else the draft's. */
    shownStatus,
    moving: move.isPending,
    moveTo,
    submit,
    saving: save.isPending,
    /** A save went through and nothing changed since ("Cambios guardados"). */
    saved: saved && !form.isDirty,
    conflicts,
    /** After a 409: the fields taken from their version (null before any). */
    taken,
    takeTheirs,
    /** Someone else's change, waiting for "Ver su versión" (issue 36). */
    heldFrom: held?.person ?? null,
    showTheirs,
    /** Someone else's change, taken in while nothing was typed (issue 36). */
    othersShown,
  };
}
