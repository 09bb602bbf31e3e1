import { useId, useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import {
  BOARD_VIEW_LABELS,
  BOARD_VIEW_NAME_MAX,
  SESSION_MESSAGES,
  type BoardFilters,
  type BoardView,
} from '@crm/shared';
import { useBoardViews, useChangeBoardViews } from '../../../../api/board-views/board-views';
import { Button, IconButton } from '../../../../components/ui/button';
import { FormField, TextInput } from '../../../../components/ui/form-field';
import { hasFailed, LoadError } from '../../../../components/ui/load-error';
import { LoadingText } from '../../../../components/ui/status-text';
import { serverFieldErrors } from '../../../../lib/api-client';

export type SavedViewsPanelProps = {
  /** The board's search and filters now: what "Guardar vista actual…" names. */
  filters: BoardFilters;
  /** Puts a view's search and filters on the board (and so in the URL). */
  onPick: (filters: BoardFilters) => void;
  className?: string;
};

/** The message of a failed save, under the field when the server named it. */
const nameErrorOf = (error: unknown) =>
  error ? (serverFieldErrors(error)?.name ?? BOARD_VIEW_LABELS.failed) : undefined;

/** One name field and its button: saving the current view, or renaming one. */
function NameForm({
  label,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(name);
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <FormField id={id} label={label} error={error} className="min-w-0 flex-1">
        <TextInput
          id={id}
          value={name}
          maxLength={BOARD_VIEW_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </FormField>
      <Button type="submit" disabled={pending} className={error ? 'mb-5' : undefined}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} className={error ? 'mb-5' : undefined}>
          {BOARD_VIEW_LABELS.cancel}
        </Button>
      ) : null}
    </form>
  );
}

/**
 * The caller's saved views: pick one, rename or delete it, or save the current board under a
 * name. Read when first shown; in "Vistas guardadas" on a desktop, in "Filtros" on a phone.
 */
export function SavedViewsPanel({ filters, onPick, className }: SavedViewsPanelProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const views = useBoardViews(true);
  const { create, rename, remove } = useChangeBoardViews();
  const pick = (view: BoardView) => onPick(view.filters);

  return (
    <div className={className}>
      {hasFailed(views) ? (
        <LoadError
          message={views.error?.message ?? SESSION_MESSAGES.fetchFailed}
          onRetry={() => void views.refetch()}
          retrying={views.isFetching}
        />
      ) : views.data === undefined ? (
        <LoadingText />
      ) : views.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{BOARD_VIEW_LABELS.none}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {views.data.items.map((view) =>
            renaming === view._id ? (
              <li key={view._id} className="py-2">
                <NameForm
                  label={BOARD_VIEW_LABELS.renameTitle}
                  initial={view.name}
                  submitLabel={BOARD_VIEW_LABELS.confirmRename}
                  pending={rename.isPending}
                  error={nameErrorOf(rename.error)}
                  onSubmit={(name) =>
                    rename.mutate(
                      { id: view._id, body: { name } },
                      { onSuccess: () => setRenaming(null) },
                    )
                  }
                  onCancel={() => {
                    setRenaming(null);
                    rename.reset();
                  }}
                />
              </li>
            ) : (
              <li key={view._id} className="flex items-center gap-1 py-1">
                <button
                  type="button"
                  onClick={() => pick(view)}
                  className="min-w-0 flex-1 truncate rounded-md px-2 py-2 text-left text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {view.name}
                </button>
                <IconButton
                  label={BOARD_VIEW_LABELS.renameOf(view.name)}
                  onClick={() => {
                    rename.reset();
                    setRenaming(view._id);
                  }}
                >
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  label={BOARD_VIEW_LABELS.deleteOf(view.name)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(view._id)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </li>
            ),
          )}
        </ul>
      )}
      <section aria-label={BOARD_VIEW_LABELS.save} className="border-t border-slate-200 pt-4">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">{BOARD_VIEW_LABELS.save}</h3>
        <NameForm
          key={create.isSuccess ? create.data._id : 'new'}
          label={BOARD_VIEW_LABELS.name}
          initial=""
          submitLabel={BOARD_VIEW_LABELS.confirmSave}
          pending={create.isPending}
          error={nameErrorOf(create.error)}
          onSubmit={(name) => create.mutate({ name, filters })}
        />
      </section>
    </div>
  );
}
