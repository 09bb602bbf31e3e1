import { useId, useState } from 'react';
import { API_TOKEN_LABELS, type ApiToken } from '@crm/shared';
import { useTimeZone } from '../../api/preferences/get-preferences';
import { useAllApiTokens, useRevokeApiToken } from '../../api/tokens/api-tokens';
import { Button } from '../../components/ui/button';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { notify } from '../../lib/notify';
import { ApiTokenText, RevokeTokenDialog } from '../profile';

/**
 * Ajustes' "Tokens de API de todos" (issue 36, system admin): every person's API tokens, with
 * whose each is; any can be revoked, after a confirmation (a leaked one, someone who left).
 */
export function ApiTokensAdminSection() {
  const tokens = useAllApiTokens();
  const revoke = useRevokeApiToken(true);
  const timeZone = useTimeZone();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const headingId = useId();

  const confirmRevoke = () => {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    revoke.mutate(token._id, {
      onSuccess: () => notify.success(API_TOKEN_LABELS.revoked),
      onError: (error) => notify.error(error.message || API_TOKEN_LABELS.revokeFailed),
    });
  };

  const items = tokens.data?.items ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="mb-4 text-base font-semibold text-slate-900">
        {API_TOKEN_LABELS.everyone}
      </h2>
      {hasFailed(tokens) ? (
        <LoadError
          message={API_TOKEN_LABELS.loadFailed}
          onRetry={() => void tokens.refetch()}
          retrying={tokens.isFetching}
        />
      ) : tokens.isPending ? (
        <LoadingText />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{API_TOKEN_LABELS.everyoneEmpty}</p>
      ) : (
        <ul aria-label={API_TOKEN_LABELS.everyone} className="divide-y divide-slate-100">
          {items.map((token) => (
            <li key={token._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
              <ApiTokenText token={token} timeZone={timeZone} owner />
              <Button
                variant="secondary"
                className="py-1 text-xs"
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
      <RevokeTokenDialog
        token={revoking}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
