import { useLayoutEffect, useState, type ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Pencil, Plus } from 'lucide-react';
import {
  addNoteBodySchema,
  editNoteBodySchema,
  REQUEST_SECTION_LABELS,
  NOTE_LABELS,
} from '@crm/shared';
import { useAddNote } from '../../../api/requests/add-note';
import { currentNoteOf, useEditNote } from '../../../api/requests/edit-note';
import { requestQueryOptions } from '../../../api/requests/get-request';
import { Button, IconButton } from '../../../components/ui/button';
import { TextArea, TextInput } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';
import { CollapsibleSection } from '../shared';

export type NotesEditorProps = {
  requestId: string;
  /** The notes as the server has them now. */
  notes: readonly string[];
  /** Who added or last changed each note, by its text ("Ana C. · 23/11/26 10:42"). */
  authors?: ReadonlyMap<string, string>;
  /** Whether something typed here is not saved yet: a new note, or a note being edited. */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** Whether the section starts unfolded (issue 25: yes from 1024 px, no on a phone). */
  defaultOpen?: boolean;
};

/**
 * A note being edited: where it was and what it read when the edit began (the text typed is
 * the edit form's `to`).
 */
type Editing = {
  index: number;
  original: string;
  /** After a 409: the note's text now (null: no note there any more). */
  theirs?: string | null;
};

const NO_NOTE = { text: '' };
const NO_EDIT = { from: '', to: '' };

const messageOf = (error: unknown) =>
  (error instanceof ApiError && error.status === 400 && error.fieldErrors[0]?.message) ||
  NOTE_LABELS.saveFailed;

/**
 * "Notas" (§2): new notes go on top, each note can be edited, empty notes are hidden. Issue 12:
 * "Add" and "Save" store the note at once (its own call, recorded with its author and time), so
 * a note is never lost by closing the modal. An edit someone else got to first keeps the user's
 * text and offers both versions.
 */
export function NotesEditor({
  requestId,
  notes,
  authors,
  onUnsavedChange,
  defaultOpen = true,
}: NotesEditorProps) {
  const queryClient = useQueryClient();
  const addNote = useAddNote(requestId);
  const editNote = useEditNote(requestId);
  // Two forms, each with the rules the API checks its call with: the new note (POST's body) and
  // the note being edited (PUT's body: what it read, what it is to read).
  const newNote = useZodForm(addNoteBodySchema, NO_NOTE, { focusFirstError: true });
  const edit = useZodForm(editNoteBodySchema, NO_EDIT);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [open, setOpen] = useState(defaultOpen);

  // Blanks typed in a new note are nothing to lose.
  const unsaved =
    newNote.values.text.trim() !== '' || (editing !== null && edit.values.to !== editing.original);
  useLayoutEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [onUnsavedChange, unsaved]);

  // The note being edited follows its text when notes are added above it meanwhile.
  const editingIndex = (() => {
    if (!editing) return -1;
    if (notes[editing.index] === editing.original) return editing.index;
    const moved = notes.indexOf(editing.original);
    return moved === -1 ? editing.index : moved;
  })();

  const add = newNote.handleSubmit((body) => {
    if (addNote.isPending) return;
    const sent = newNote.values;
    newNote.setServerErrors({});
    addNote.mutate(body, {
      // The input empties unless more was typed meanwhile; it closes either way.
      onSuccess: () => {
        newNote.resetIfStill(sent);
        setAdding(false);
      },
      onError: (error) => newNote.setServerErrors({ text: messageOf(error) }),
    });
  });

  /** Sends the edit; on a 409, retries where the note went, else shows theirs beside mine. */
  const sendEdit = async (index: number, from: string, to: string) => {
    try {
      await editNote.mutateAsync({ index, from, to });
      setEditing(null);
    } catch (error) {
      const theirs = currentNoteOf(error);
      if (theirs === undefined) {
        edit.setServerErrors({ to: messageOf(error) });
        return;
      }
      // The list may be older than the server: read the request again.
      const fresh = await queryClient
        .fetchQuery({ ...requestQueryOptions(requestId), staleTime: 0 })
        .catch(() => undefined);
      const movedTo = fresh?.notes.indexOf(from) ?? -1;
      if (movedTo !== -1 && movedTo !== index) {
        // Only its place changed (a note was added above it): save it where it is now.
        await sendEdit(movedTo, from, to);
        return;
      }
      edit.setServerErrors({});
      setEditing((current) => (current ? { ...current, theirs, index } : current));
    }
  };

  const startEdit = (index: number, text: string) => {
    setEditing({ index, original: text });
    edit.reset({ from: text, to: text });
  };

  const saveEdit = edit.handleSubmit(({ to }) => {
    if (!editing || editNote.isPending) return;
    if (to === editing.original) {
      setEditing(null);
      return;
    }
    void sendEdit(editingIndex, editing.original, to);
  });

  /** "Usar la mía": my text over theirs (or back as a new note when theirs was removed). */
  const keepMine = edit.handleSubmit(({ to }) => {
    if (!editing || editing.theirs === undefined) return;
    if (editing.theirs === null) {
      addNote.mutate(
        { text: to },
        {
          onSuccess: () => setEditing(null),
          onError: (error) => edit.setServerErrors({ to: messageOf(error) }),
        },
      );
      return;
    }
    void sendEdit(editing.index, editing.theirs, to);
  });

  const visible = notes.map((text, index) => ({ text, index })).filter(({ text }) => text !== '');
  const saving = addNote.isPending || editNote.isPending;
  const newNoteField = newNote.field('text');
  const addError = newNote.errors.text;

  return (
    <CollapsibleSection
      title={REQUEST_SECTION_LABELS.notes}
      count={visible.length}
      open={open}
      onOpenChange={setOpen}
      actions={
        <IconButton
          label={adding ? 'Cerrar nueva nota' : 'Agregar nota'}
          aria-expanded={adding}
          onClick={() => {
            // A new note is typed where it can be seen: a folded section unfolds.
            if (!adding) setOpen(true);
            setAdding(!adding);
          }}
        >
          <Plus className="size-4" aria-hidden />
        </IconButton>
      }
    >
      {adding ? (
        <div className="mb-2">
          <div className="flex gap-2">
            <label htmlFor={newNoteField.id} className="sr-only">
              {NOTE_LABELS.newNote}
            </label>
            <TextInput
              {...newNoteField}
              autoFocus
              placeholder={NOTE_LABELS.newNotePlaceholder}
              onKeyDown={(event) => {
                // Not the modal's own form, which this sits in.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button
              variant="secondary"
              onClick={() => add()}
              disabled={addNote.isPending}
              aria-busy={addNote.isPending}
            >
              {NOTE_LABELS.add}
            </Button>
          </div>
          {addError ? (
            <p id={`${newNoteField.id}-error`} className="mt-1 text-xs font-medium text-red-600">
              {addError}
            </p>
          ) : null}
        </div>
      ) : null}

      {visible.length === 0 ? (
        <p className="text-sm text-slate-500">{NOTE_LABELS.empty}</p>
      ) : (
        <ul aria-label={REQUEST_SECTION_LABELS.notes} className="space-y-2" aria-busy={saving}>
          {visible.map(({ text, index }) => (
            <li
              key={index}
              className="rounded-md bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200"
            >
              {editing && editingIndex === index ? (
                <NoteEdit
                  field={edit.field('to')}
                  error={edit.errors.to}
                  theirs={editing.theirs}
                  saving={editNote.isPending || addNote.isPending}
                  onSave={() => saveEdit()}
                  onUseMine={() => keepMine()}
                  onUseTheirs={() => {
                    setEditing(null);
                    void queryClient.invalidateQueries({
                      queryKey: requestQueryOptions(requestId).queryKey,
                    });
                  }}
                />
              ) : (
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words whitespace-pre-wrap text-slate-800">{text}</p>
                    {authors?.get(text) ? (
                      <p className="mt-0.5 text-xs text-slate-500">{authors.get(text)}</p>
                    ) : null}
                  </div>
                  <IconButton
                    label={NOTE_LABELS.edit}
                    className="-my-1"
                    onClick={() => startEdit(index, text)}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </IconButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </CollapsibleSection>
  );
}

type NoteEditProps = {
  /** The edit form's binding of the note's text (id, value, change, error links, ref). */
  field: ComponentProps<'textarea'> & { id: string };
  error: string | undefined;
  /** After a 409: the note's text now (null: no note there any more). */
  theirs: string | null | undefined;
  saving: boolean;
  onSave: () => void;
  onUseMine: () => void;
  onUseTheirs: () => void;
};

/** A note's textarea with "Save", or, after a 409, the other text and the two choices. */
function NoteEdit({ field, error, theirs, saving, onSave, onUseMine, onUseTheirs }: NoteEditProps) {
  const conflict = theirs !== undefined;
  return (
    <div className="space-y-2">
      <label htmlFor={field.id} className="sr-only">
        {NOTE_LABELS.edit}
      </label>
      <TextArea {...field} autoFocus rows={3} />
      {error ? (
        <p id={`${field.id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
      {conflict ? (
        <div role="alert" className="rounded-md bg-white p-2 text-xs ring-1 ring-amber-300">
          {theirs === null ? (
            <p className="text-amber-900">{NOTE_LABELS.removedMeanwhile}</p>
          ) : (
            <>
              <p className="text-amber-900">{NOTE_LABELS.changedMeanwhile}</p>
              <blockquote className="mt-1 border-l-2 border-amber-300 pl-2 break-words whitespace-pre-wrap text-slate-800">
                {theirs}
              </blockquote>
            </>
          )}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="secondary" className="py-1 text-xs" onClick={onUseTheirs}>
              {NOTE_LABELS.useTheirs}
            </Button>
            <Button className="py-1 text-xs" onClick={onUseMine} disabled={saving}>
              {NOTE_LABELS.useMine}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            className="py-1 text-xs"
            onClick={onSave}
            disabled={saving}
            aria-busy={saving}
          >
            <Check className="size-3.5" aria-hidden />
            {NOTE_LABELS.save}
          </Button>
        </div>
      )}
    </div>
  );
}
