import { eventsOf, withEvents } from '../events/pending-events.js';
import { announce } from '../events/publish.js';
import {
  API_MESSAGES,
  notesSchema,
  type AddNoteBody,
  type EditNoteBody,
  type Request,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { CONFLICT, retryOnConflict } from '../../db/retry-on-conflict.js';
import { conflict, fieldError, notFound } from '../../http/app-error.js';
import { noteEntry, type StoredHistoryEntry } from '../history/history.service.js';
import type { RequestDoc } from '../request.model.js';
import { toRequestJson } from '../requests.service.js';

type NotesDoc = Pick<RequestDoc, 'notes' | 'version' | 'status'>;
type NotesChange = { notes: string[]; entry: StoredHistoryEntry };

/** The notes' limits (number, total length) on the list a change would store; 400 on `field`. */
function assertWithinLimits(notes: string[], field: string) {
  const result = notesSchema.safeParse(notes);
  if (result.success) return;
  const message = result.error.issues[0]?.message ?? API_MESSAGES.invalidBody;
  throw fieldError(field, message);
}

/**
 * Reads the notes, lets `change` compute the new list and its history entry (or decline with
 * undefined: nothing is written, and the answer is undefined), and writes both only if neither
 * the notes (the version every notes change bumps) nor the stage changed meanwhile; otherwise
 * reads again. A note change never fails because of another one: each applies in turn. Also
 * used for the website form's follow-up note (leads.service.ts).
 */
export async function changeNotes(
  ctx: AppContext,
  id: string,
  change: (stored: NotesDoc) => NotesChange | undefined,
): Promise<Request | undefined> {
  const { Request } = ctx.models;
  return retryOnConflict<Request | undefined>(
    async () => {
      const stored = await Request.findById(id, 'notes version status').lean<NotesDoc>();
      if (!stored) throw notFound(API_MESSAGES.requestNotFound);
      const changed = change(stored);
      if (!changed) return undefined;
      const saved = await Request.findOneAndUpdate(
        { _id: id, version: stored.version, status: stored.status },
        withEvents(
          {
            $set: { notes: changed.notes },
            $inc: { version: 1 },
            $push: { history: changed.entry },
          },
          eventsOf([changed.entry]),
        ),
        { new: true },
      ).lean<RequestDoc>();
      if (!saved) return CONFLICT;
      announce(ctx, id);
      return toRequestJson(saved);
    },
    {
      exhausted: () => {
        throw conflict(API_MESSAGES.requestConflict);
      },
    },
  );
}

/** changeNotes for the staff's own calls, whose changes never decline (they throw instead). */
async function changeNotesAlways(
  ctx: AppContext,
  id: string,
  change: (stored: NotesDoc) => NotesChange,
): Promise<Request> {
  const saved = await changeNotes(ctx, id, change);
  if (!saved) throw conflict(API_MESSAGES.requestConflict);
  return saved;
}

/** POST /api/form-contact/:id/notes: at the top of the list (§2), saved at once. */
export function addNote(
  ctx: AppContext,
  id: string,
  { text }: AddNoteBody,
  userId: string,
): Promise<Request> {
  return changeNotesAlways(ctx, id, (stored) => {
    const notes = [text, ...stored.notes];
    assertWithinLimits(notes, 'text');
    return { notes, entry: noteEntry(ctx.clock.now(), userId, null, text) };
  });
}

/** PUT /api/form-contact/:id/notes/:index: only while the note there still reads `from`. */
export function editNote(
  ctx: AppContext,
  id: string,
  index: number,
  { from, to }: EditNoteBody,
  userId: string,
): Promise<Request> {
  return changeNotesAlways(ctx, id, (stored) => {
    const now = stored.notes[index];
    if (now !== from) {
      throw conflict(API_MESSAGES.noteChanged, { note: now ?? null });
    }
    const notes = stored.notes.map((note, at) => (at === index ? to : note));
    assertWithinLimits(notes, 'to');
    return { notes, entry: noteEntry(ctx.clock.now(), userId, from, to) };
  });
}
