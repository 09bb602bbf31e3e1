import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_LABELS,
  auditDetailsText,
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
  formatDateTime,
} from '@crm/shared';
import { auditExportLink } from '../../api/audit/export-audit';
import { useAuditLog } from '../../api/audit/get-audit';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { useUsers } from '../../api/users/get-users';
import { Button } from '../../components/ui/button';
import { FormField, Select, TextInput } from '../../components/ui/form-field';
import { ErrorText, LoadingText } from '../../components/ui/status-text';
import { followDownload } from '../../lib/follow-download';
import { fullName } from '../../lib/format';
import { notify } from '../../lib/notify';

const SETTINGS_PATH = '/main/settings';
const FILTER_KEYS = ['user', 'action', 'from', 'to'] as const;
const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/** The filters as the address holds them (so a reload or a shared link shows the same). */
function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const user = params.get('user');
  const action = params.get('action');
  const from = params.get('from');
  const to = params.get('to');
  if (user) filters.user = user;
  if (action && isAction(action)) filters.action = action;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/**
 * /main/settings/audit "Registro de auditoría" (issue 32, system admin): who did what, when and
 * from where, newest first, filtered by who, what and when (in the address), a page at a time,
 * and downloadable as CSV with the same filters.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useAuditLog(filters);
  const users = useUsers();
  const [exporting, setExporting] = useState(false);

  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filtered = FILTER_KEYS.some((key) => params.has(key));

  const exportCsv = async () => {
    setExporting(true);
    try {
      followDownload(await auditExportLink(filters));
    } catch {
      notify.error(AUDIT_LABELS.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="mx-auto max-w-6xl space-y-5 p-4 md:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{AUDIT_LABELS.title}</h1>
        <Link to={SETTINGS_PATH} className="text-sm font-medium text-indigo-700 hover:underline">
          {AUDIT_LABELS.back}
        </Link>
      </div>
      <p className="text-sm text-slate-600">{AUDIT_LABELS.intro}</p>

      <form
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
        aria-label={AUDIT_LABELS.title}
      >
        <FormField id="audit-user" label={AUDIT_LABELS.user}>
          <Select
            id="audit-user"
            value={filters.user ?? ''}
            onChange={(event) => setFilter('user', event.target.value)}
          >
            <option value="">{AUDIT_LABELS.anyUser}</option>
            {(users.data ?? []).map((user) => (
              <option key={user._id} value={user._id}>
                {fullName(user)} ({user.email})
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="audit-action" label={AUDIT_LABELS.action}>
          <Select
            id="audit-action"
            value={filters.action ?? ''}
            onChange={(event) => setFilter('action', event.target.value)}
          >
            <option value="">{AUDIT_LABELS.anyAction}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="audit-from" label={AUDIT_LABELS.from}>
          <TextInput
            id="audit-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </FormField>
        <FormField id="audit-to" label={AUDIT_LABELS.to}>
          <TextInput
            id="audit-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button
            variant="ghost"
            disabled={!filtered}
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
          >
            {AUDIT_LABELS.clear}
          </Button>
          <Button variant="secondary" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? AUDIT_LABELS.exporting : AUDIT_LABELS.export}
          </Button>
        </div>
      </form>

      {log.isPending ? (
        <LoadingText />
      ) : log.isError ? (
        <ErrorText message={log.error.message} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">{AUDIT_LABELS.empty}</p>
      ) : (
        <AuditTable entries={entries} />
      )}
      {log.hasNextPage && (
        <Button
          variant="secondary"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? AUDIT_LABELS.loading : AUDIT_LABELS.more}
        </Button>
      )}
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const timeZone = useTimeZone();
  return (
    <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 bg-white text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              {AUDIT_LABELS.at}
            </th>
            <th scope="col" className="px-3 py-2">
              {AUDIT_LABELS.who}
            </th>
            <th scope="col" className="px-3 py-2">
              {AUDIT_LABELS.what}
            </th>
            <th scope="col" className="px-3 py-2">
              {AUDIT_LABELS.target}
            </th>
            <th scope="col" className="px-3 py-2">
              {AUDIT_LABELS.where}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
              </td>
              <td className="px-3 py-2">
                <div className="font-medium text-slate-900">
                  {entry.actor.name || AUDIT_LABELS.nobody}
                </div>
                <div className="text-slate-600">{entry.actor.email}</div>
              </td>
              <td className="px-3 py-2">
                <div className="font-medium text-slate-900">
                  {AUDIT_ACTION_LABELS[entry.action]}
                </div>
                <div className="text-slate-600">{auditDetailsText(entry.details)}</div>
              </td>
              <td className="px-3 py-2 text-slate-700">{entry.target?.label}</td>
              <td className="px-3 py-2 text-slate-600">
                <div>{entry.ip}</div>
                <div>{entry.browser || AUDIT_LABELS.unknownBrowser}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
