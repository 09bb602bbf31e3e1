import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  LOG_ACTIVITY_LABELS,
  requestsApi,
  logActivityBodySchema,
  type ActivityType,
  type Request,
} from '@crm/shared';
import { useLogActivity } from '../../../api/activities/log-activity';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { ApiError, callEndpoint } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useZodForm } from '../../../lib/use-zod-form';

export type LogActivityDialogProps = {
  /** The request it is logged on; none (the Agenda's header): the dialog asks which. */
  requestId?: string;
  /** The type it opens on (a contact link's: Correo for the email, Llamada for the phone). */
  initialType?: ActivityType;
  onClose: () => void;
};

type LogValues = { type: ActivityType; title: string; outcome: string };

/** The fewest letters a request search is asked with. */
const MIN_SEARCH = 2;
/** Matches listed per column (the board's search): a handful is enough to pick one. */
const SEARCH_LIMIT = 3;

/**
 * "Registrar actividad" (issue 33): a call, meeting, mail or task that already happened, in one
 * step (type, what was done, an optional outcome), stored done now by the person
 * (activities.log); it shows in the request's Actividades and history. Opened from a card's
 * menu, the request window (its button and the contact links) and the Agenda, where it first
 * asks which request (the board's search).
 */
export function LogActivityDialog({ requestId, initialType, onClose }: LogActivityDialogProps) {
  const log = useLogActivity();
  const initial: LogValues = { type: initialType ?? ACTIVITY_TYPES[0], title: '', outcome: '' };
  const form = useZodForm(logActivityBodySchema, initial, { focusFirstError: true });
  const [chosen, setChosen] = useState<Request | null>(null);
  const [requestError, setRequestError] = useState<string>();
  const target = requestId ?? chosen?._id;
  const type = form.field('type');
  const title = form.field('title');
  const outcome = form.field('outcome');

  const save = form.handleSubmit((body) => {
    if (!target || log.isPending) return;
    log.mutate(
      { requestId: target, body },
      {
        onSuccess: () => {
          notify.success(LOG_ACTIVITY_LABELS.done);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
            form.showServerErrorsOf(error);
          } else form.setServerErrors({ title: ACTIVITY_MESSAGES.saveFailed });
        },
      },
    );
  });
  const onSubmit = (event: FormEvent) => {
    // Its portal sits inside the request window's form in React's tree: not that form's submit.
    event.stopPropagation();
    // Which request is said with the fields' own messages, in one go.
    if (!target) setRequestError(LOG_ACTIVITY_LABELS.requestRequired);
    save(event);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={LOG_ACTIVITY_LABELS.title}
      size="max-w-md"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-3 px-5 py-4">
        <p className="text-sm text-slate-600">{LOG_ACTIVITY_LABELS.intro}</p>
        {requestId ? null : (
          <RequestPicker
            chosen={chosen}
            error={requestError}
            onChoose={(request) => {
              setChosen(request);
              setRequestError(undefined);
            }}
          />
        )}
        <FormField id={type.id} label={LOG_ACTIVITY_LABELS.type} error={form.errors.type}>
          <Select {...type}>
            {ACTIVITY_TYPES.map((value) => (
              <option key={value} value={value}>
                {ACTIVITY_TYPE_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={title.id} label={LOG_ACTIVITY_LABELS.what} error={form.errors.title}>
          <TextInput {...title} autoFocus={requestId !== undefined} />
        </FormField>
        <FormField id={outcome.id} label={LOG_ACTIVITY_LABELS.outcome} error={form.errors.outcome}>
          <TextInput {...outcome} placeholder={LOG_ACTIVITY_LABELS.outcomePlaceholder} />
        </FormField>
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {LOG_ACTIVITY_LABELS.cancel}
          </Button>
          <Button type="submit" disabled={log.isPending} aria-busy={log.isPending}>
            {LOG_ACTIVITY_LABELS.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type RequestPickerProps = {
  chosen: Request | null;
  error?: string;
  onChoose: (request: Request) => void;
};

/** Which request (the Agenda's dialog): the board's search, its first matches as choices. */
function RequestPicker({ chosen, error, onChoose }: RequestPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  // Asked once the typing pauses, not at each key.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ['log-activity-search', query],
    // The board's own search, a few per column: no cache of the board is touched.
    queryFn: ({ signal }) =>
      callEndpoint(requestsApi.board, { query: { q: query, limit: SEARCH_LIMIT } }, { signal }),
    enabled: query.length >= MIN_SEARCH,
    staleTime: 30_000,
  });
  const found = search.data?.columns.flatMap((column) => column.items) ?? [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{LOG_ACTIVITY_LABELS.request}</legend>
      <FormField id={`${id}-search`} label={LOG_ACTIVITY_LABELS.requestSearch} error={error}>
        <TextInput
          id={`${id}-search`}
          type="search"
          autoFocus
          aria-describedby={error ? `${id}-search-error` : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </FormField>
      <div role="status" className="text-xs text-slate-600">
        {query.length < MIN_SEARCH
          ? chosen
            ? null
            : LOG_ACTIVITY_LABELS.requestHint
          : search.isFetching
            ? LOG_ACTIVITY_LABELS.searching
            : found.length === 0
              ? LOG_ACTIVITY_LABELS.requestNone
              : null}
      </div>
      {found.length > 0 || chosen ? (
        <div className="max-h-40 space-y-1 overflow-y-auto">
          {(found.some((request) => request._id === chosen?._id) || !chosen
            ? found
            : [chosen, ...found]
          ).map((request) => (
            <label
              key={request._id}
              className="flex min-h-9 items-center gap-2 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="radio"
                name={`${id}-request`}
                checked={chosen?._id === request._id}
                onChange={() => onChoose(request)}
              />
              <span>
                {request.name}
                {request.email ? <span className="text-slate-500"> · {request.email}</span> : null}
              </span>
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
