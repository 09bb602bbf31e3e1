import { useId, useRef, useState } from 'react';
import {
  API_TOKEN_LABELS,
  API_TOKEN_LIFETIMES,
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  createApiTokenBodySchema,
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@crm/shared';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { useCreateApiToken, useMyApiTokens, useRevokeApiToken } from '../../api/tokens/api-tokens';
import { Button } from '../../components/ui/button';
import { FormField, Select, TextInput } from '../../components/ui/form-field';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { notify } from '../../lib/notify';
import { useZodForm, type FieldElement } from '../../lib/use-zod-form';
import { useFormOutcome } from './form-outcome';
import { ApiTokenText, RevokeTokenDialog } from './api-token-text';
import { FormOutcome } from './profile-section';

const EMPTY: CreateApiTokenBody = { name: '', scope: 'read', lifetimeDays: 90, sourceName: '' };

/** The ids an input is described by, those that are set. */
const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** "Vence" is a number of days, or "" for never (null). */
const readValue = (element: FieldElement) =>
  element.name === 'lifetimeDays' ? (element.value ? Number(element.value) : null) : element.value;

/**
 * Perfil's "Tokens de API" (issue 36): the caller's tokens for scripts and tools (name, scope,
 * a leads token's source, the prefix that tells one from another, when made, last used and until
 * when), each revoked after a confirmation; a new one's secret is shown once, to copy, then never
 * again. A source name is asked for only with "Solo enviar leads", and dropped on leaving it.
 */
export function ApiTokensSection() {
  const tokens = useMyApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const timeZone = useTimeZone();
  const result = useFormOutcome();
  const form = useZodForm(createApiTokenBodySchema, EMPTY, { focusFirstError: true, readValue });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const secretId = useId();
  const leadsHintId = useId();
  const sourceHintId = useId();
  const secretInput = useRef<HTMLInputElement>(null);
  const name = form.field('name');
  const scope = form.field('scope');
  const lifetime = form.field('lifetimeDays');
  const source = form.field('sourceName');
  const leads = form.values.scope === 'leads';

  const onSubmit = form.handleSubmit((body) => {
    result.clear();
    // Only a leads token carries a source; the others' empty field isn't sent.
    create.mutate(body.scope === 'leads' ? body : { ...body, sourceName: undefined }, {
      onSuccess: (token) => {
        setCreated(token);
        form.reset();
      },
      onError: (error) => {
        form.showServerErrorsOf(error);
        result.failed(error);
      },
    });
  });

  const confirmRevoke = () => {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    revoke.mutate(token._id, {
      onSuccess: () => notify.success(API_TOKEN_LABELS.revoked),
      onError: (error) => notify.error(error.message || API_TOKEN_LABELS.revokeFailed),
    });
  };

  const copy = (secret: string) =>
    void navigator.clipboard
      .writeText(secret)
      .then(() => notify.success(API_TOKEN_LABELS.copied))
      // No clipboard (an insecure page, a refusal): selected, for Ctrl+C.
      .catch(() => secretInput.current?.select());

  const items = tokens.data?.items ?? [];
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{API_TOKEN_LABELS.intro}</p>

      {created ? (
        <div className="space-y-2 rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
          <label htmlFor={secretId} className="block text-sm font-medium text-amber-900">
            {API_TOKEN_LABELS.shownOnce}
          </label>
          <div className="flex flex-wrap gap-2">
            <TextInput
              id={secretId}
              ref={secretInput}
              readOnly
              value={created.token}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 font-mono"
            />
            <Button variant="secondary" onClick={() => copy(created.token)}>
              {API_TOKEN_LABELS.copy}
            </Button>
            <Button onClick={() => setCreated(null)}>{API_TOKEN_LABELS.done}</Button>
          </div>
        </div>
      ) : null}

      {hasFailed(tokens) ? (
        <LoadError
          message={API_TOKEN_LABELS.loadFailed}
          onRetry={() => void tokens.refetch()}
          retrying={tokens.isFetching}
        />
      ) : tokens.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{API_TOKEN_LABELS.empty}</p>
      ) : (
        <ul
          aria-label={API_TOKEN_LABELS.section}
          className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
        >
          {items.map((token) => (
            <li key={token._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <ApiTokenText token={token} timeZone={timeZone} />
              <Button
                variant="secondary"
                disabled={revoke.isPending}
                onClick={() => setRevoking(token)}
                aria-label={API_TOKEN_LABELS.revokeNamed(token.name)}
              >
                {API_TOKEN_LABELS.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id={name.id} label={API_TOKEN_LABELS.name} error={form.errors.name}>
            <TextInput {...name} autoComplete="off" />
          </FormField>
          <FormField id={scope.id} label={API_TOKEN_LABELS.scope} error={form.errors.scope}>
            <Select
              {...scope}
              aria-describedby={describedBy(scope['aria-describedby'], leads && leadsHintId)}
              onChange={(event) => {
                scope.onChange(event);
                if (event.target.value !== 'leads') form.setValue('sourceName', '');
              }}
            >
              {API_TOKEN_SCOPES.map((value) => (
                <option key={value} value={value}>
                  {API_TOKEN_SCOPE_LABELS[value]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id={lifetime.id}
            label={API_TOKEN_LABELS.lifetime}
            error={form.errors.lifetimeDays}
          >
            <Select {...lifetime}>
              {API_TOKEN_LIFETIMES.map((days) => (
                <option key={days} value={days}>
                  {API_TOKEN_LABELS.days(days)}
                </option>
              ))}
              <option value="">{API_TOKEN_LABELS.never}</option>
            </Select>
          </FormField>
          {leads ? (
            <FormField
              id={source.id}
              label={API_TOKEN_LABELS.sourceName}
              error={form.errors.sourceName}
            >
              <TextInput
                {...source}
                autoComplete="off"
                aria-describedby={describedBy(source['aria-describedby'], sourceHintId)}
              />
              <p id={sourceHintId} className="mt-1 text-xs text-slate-600">
                {API_TOKEN_LABELS.sourceNameHint}
              </p>
            </FormField>
          ) : null}
        </div>
        {leads ? (
          <p id={leadsHintId} className="text-sm text-slate-600">
            {API_TOKEN_LABELS.leadsHint}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? API_TOKEN_LABELS.creating : API_TOKEN_LABELS.create}
          </Button>
          <FormOutcome outcome={result.outcome} />
        </div>
      </form>

      <RevokeTokenDialog
        token={revoking}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
