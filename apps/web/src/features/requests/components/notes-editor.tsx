import { useId, useState } from 'react';
import { Check, Pencil, Plus } from 'lucide-react';
import { Button, IconButton } from '../../../components/ui/button';
import { TextArea, TextInput } from '../../../components/ui/form-field';

export type NotesEditorProps = {
  notes: readonly string[];
  onChange: (notes: string[]) => void;
};

/**
 * "Notas" (§2): new notes go on top, each note can be edited, empty notes are hidden. Changes
 * stay in the form until "Guardar cambios".
 */
export function NotesEditor({ notes, onChange }: NotesEditorProps) {
  const [adding, setAdding] = useState(false);
  const [newNote, setNewNote] = useState('');
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const newNoteId = useId();

  const add = () => {
    if (newNote.trim() === '') return;
    onChange([newNote, ...notes]);
    setNewNote('');
    setAdding(false);
    // Indexes move down by one when a note is added on top.
    setEditing((current) => (current ? { ...current, index: current.index + 1 } : current));
  };

  const saveEdit = () => {
    if (!editing) return;
    onChange(notes.map((note, index) => (index === editing.index ? editing.text : note)));
    setEditing(null);
  };

  const visible = notes.map((text, index) => ({ text, index })).filter(({ text }) => text !== '');

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
        <div className="mt-2 flex gap-2">
          <label htmlFor={newNoteId} className="sr-only">
            Nueva nota
          </label>
          <TextInput
            id={newNoteId}
            autoFocus
            placeholder="Add a new note"
            value={newNote}
            onChange={(event) => setNewNote(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button variant="secondary" onClick={add}>
            Add
          </Button>
        </div>
      ) : null}

      {visible.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          Presiona el icono &quot;+&quot; para agregar una nueva nota.
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {visible.map(({ text, index }) => (
            <li
              key={index}
              className="rounded-md bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200"
            >
              {editing?.index === index ? (
                <div className="space-y-2">
                  <label htmlFor={`${newNoteId}-${index}`} className="sr-only">
                    Editar nota
                  </label>
                  <TextArea
                    id={`${newNoteId}-${index}`}
                    autoFocus
                    rows={3}
                    value={editing.text}
                    onChange={(event) => setEditing({ index, text: event.target.value })}
                  />
                  <div className="flex justify-end">
                    <Button variant="secondary" className="py-1 text-xs" onClick={saveEdit}>
                      <Check className="size-3.5" aria-hidden />
                      Save
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="flex items-start justify-between gap-2">
                  <p className="whitespace-pre-wrap break-words text-slate-800">{text}</p>
                  <IconButton
                    label="Editar nota"
                    className="-my-1"
                    onClick={() => setEditing({ index, text })}
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
