import { useId, useLayoutEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Pencil, Plus } from 'lucide-react';
import { useAddNote } from '../../../api/requests/add-note';
import { currentNoteOf, useEditNote } from '../../../api/requests/edit-note';
import { requestQueryOptions } from '../../../api/requests/get-request';
import { Button, IconButton } from '../../../components/ui/button';
import { TextArea, TextInput } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';

export const NOTE_LABELS = {
  saveFailed: 'No se pudo guardar la nota. Inténtalo de nuevo.',
  changedMeanwhile: 'Otra persona cambió esta nota mientras la editabas. Ahora dice:',
  removedMeanwhile: 'Otra persona quitó esta nota mientras la editabas.',
  useMine: 'Usar la mía',
  useTheirs: 'Usar la suya',
  saving: 'Guardando nota',
} as const;

export type NotesEditorProps = {
  requestId: string;
  /** The notes as the server has them now. */
  notes: readonly string[];
  /** Who added or last changed each note, by its text ("Ana C. · 23/11/26 10:42"). */
  authors?: ReadonlyMap<string, string>;
  /** Whether something typed here is not saved yet: a new note, or a note being edited. */
  onUnsavedChange?: (unsaved: boolean) => void;
};

/** A note being edited: where it was, what it read when the edit began, and what it reads now. */
type Editing = {
  index: number;
  original: string;
  text: string;
  /** After a 409: the note's text now (null: no note there any more). */
  theirs?: string | null;
  error?: string;
};

const messageOf = (error: unknown) =>
  (error instanceof ApiError && error.status === 400 && error.fieldErrors[0]?.message) ||
  NOTE_LABELS.saveFailed;

/**
 * "Notas" (§2): new notes go on top, each note can be edited, empty notes are hidden. Issue 12:
 * "Add" and "Save" store the note at once (its own call, recorded with its author and time), so
 * a note is never lost by closing the modal. An edit someone else got to first keeps the user's
 * text and offers both versions.
 */
export function NotesEditor({ requestId, notes, authors, onUnsavedChange }: NotesEditorProps) {
  const queryClient = useQueryClient();
  const addNote = useAddNote(requestId);
  const editNote = useEditNote(requestId);
  const [adding, setAdding] = useState(false);
  const [newNote, setNewNote] = useState('');
  const [addError, setAddError] = useState<string>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const baseId = useId();
  const newNoteId = `${baseId}-new`;

  const unsaved = newNote.trim() !== '' || (editing !== null && editing.text !== editing.original);
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

  const add = () => {
    const text = newNote;
    if (text.trim() === '' || addNote.isPending) return;
    setAddError(undefined);
    addNote.mutate(
      { text },
      {
        onSuccess: () => {
          setNewNote((current) => (current === text ? '' : current));
          setAdding(false);
        },
        onError: (error) => setAddError(messageOf(error)),
      },
    );
  };

  /** Sends the edit; on a 409, retries where the note went, else shows theirs beside mine. */
  const sendEdit = async (edit: Editing, index: number, from: string) => {
    const update = (patch: Partial<Editing>) =>
      setEditing((current) => (current ? { ...current, ...patch } : current));
    try {
      await editNote.mutateAsync({ index, from, to: edit.text });
      setEditing(null);
    } catch (error) {
      const theirs = currentNoteOf(error);
      if (theirs === undefined) {
        update({ error: messageOf(error) });
        return;
      }
      // The list may be older than the server: read the request again.
      const fresh = await queryClient
        .fetchQuery({ ...requestQueryOptions(requestId), staleTime: 0 })
        .catch(() => undefined);
      const movedTo = fresh?.notes.indexOf(from) ?? -1;
      if (movedTo !== -1 && movedTo !== index) {
        // Only its place changed (a note was added above it): save it where it is now.
        await sendEdit(edit, movedTo, from);
        return;
      }
      update({ theirs, error: undefined, index });
    }
  };

  const saveEdit = () => {
    if (!editing || editNote.isPending) return;
    if (editing.text === editing.original) {
      setEditing(null);
      return;
    }
    void sendEdit(editing, editingIndex, editing.original);
  };

  /** "Usar la mía": my text over theirs (or back as a new note when theirs was removed). */
  const keepMine = () => {
    if (!editing || editing.theirs === undefined) return;
    if (editing.theirs === null) {
      addNote.mutate(
        { text: editing.text },
        {
          onSuccess: () => setEditing(null),
          onError: (error) =>
            setEditing((current) => (current ? { ...current, error: messageOf(error) } : current)),
        },
      );
      return;
    }
    void sendEdit({ ...editing, original: editing.theirs }, editing.index, editing.theirs);
  };

  const visible = notes.map((text, index) => ({ text, index })).filter(({ text }) => text !== '');
  const saving = addNote.isPending || editNote.isPending;

  return (
    <div>
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold text-slate-900">Notas</h3>
        <IconButton
          label={adding ? 'Cerrar nueva nota' : 'Agregar nota'}
          aria-expanded={adding}
          onClick={() => setAdding((open) => !open)}
        >
          <Plus className="size-4" aria-hidden />
        </IconButton>
      </div>

      {adding ? (
        <div className="mt-2">
          <div className="flex gap-2">
            <label htmlFor={newNoteId} className="sr-only">
              Nueva nota
            </label>
            <TextInput
              id={newNoteId}
              autoFocus
              placeholder="Add a new note"
              value={newNote}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? `${newNoteId}-error` : undefined}
              onChange={(event) => {
                setNewNote(event.target.value);
                setAddError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button
              variant="secondary"
              onClick={add}
              disabled={addNote.isPending}
              aria-busy={addNote.isPending}
            >
              Add
            </Button>
          </div>
          {addError ? (
            <p id={`${newNoteId}-error`} className="mt-1 text-xs font-medium text-red-600">
              {addError}
            </p>
          ) : null}
        </div>
      ) : null}

      {visible.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          Presiona el icono &quot;+&quot; para agregar una nueva nota.
        </p>
      ) : (
        <ul aria-label="Notas" className="mt-2 space-y-2" aria-busy={saving}>
          {visible.map(({ text, index }) => (
            <li
              key={index}
              className="rounded-md bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200"
            >
              {editing && editingIndex === index ? (
                <NoteEdit
                  id={`${baseId}-${index}`}
                  editing={editing}
                  saving={editNote.isPending || addNote.isPending}
                  onChange={(value) =>
                    setEditing((current) =>
                      current ? { ...current, text: value, error: undefined } : current,
                    )
                  }
                  onSave={saveEdit}
                  onUseMine={keepMine}
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
                    label="Editar nota"
                    className="-my-1"
                    onClick={() => setEditing({ index, original: text, text })}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                  </IconButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type NoteEditProps = {
  id: string;
  editing: Editing;
  saving: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
  onUseMine: () => void;
  onUseTheirs: () => void;
};

/** A note's textarea with "Save", or, after a 409, the other text and the two choices. */
function NoteEdit({
  id,
  editing,
  saving,
  onChange,
  onSave,
  onUseMine,
  onUseTheirs,
}: NoteEditProps) {
  const conflict = editing.theirs !== undefined;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="sr-only">
        Editar nota
      </label>
      <TextArea
        id={id}
        autoFocus
        rows={3}
        value={editing.text}
        aria-invalid={editing.error ? true : undefined}
        aria-describedby={editing.error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {editing.error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {editing.error}
        </p>
      ) : null}
      {conflict ? (
        <div role="alert" className="rounded-md bg-white p-2 text-xs ring-1 ring-amber-300">
          {editing.theirs === null ? (
            <p className="text-amber-900">{NOTE_LABELS.removedMeanwhile}</p>
          ) : (
            <>
              <p className="text-amber-900">{NOTE_LABELS.changedMeanwhile}</p>
              <blockquote className="mt-1 border-l-2 border-amber-300 pl-2 break-words whitespace-pre-wrap text-slate-800">
                {editing.theirs}
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
            Save
          </Button>
        </div>
      )}
    </div>
  );
}
