import {
  API_TOKEN_LABELS,
  API_TOKEN_SCOPE_LABELS,
  formatDateTime,
  type ApiToken,
} from '@crm/shared';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

export type ApiTokenTextProps = { token: ApiToken; timeZone: string; owner?: boolean };

/**
 * One token as listed (Perfil, and everyone's in Ajustes with `owner`): name and scope (and a
 * leads token's source), its prefix, when made, last used and until when.
 */
export function ApiTokenText({ token, timeZone, owner = false }: ApiTokenTextProps) {
  const when = (iso: string | null, otherwise: string) =>
    iso ? formatDateTime(iso, timeZone) : otherwise;
  return (
    <div className="min-w-0 flex-1 text-sm">
      <p className="font-medium break-words text-slate-900">
        {token.name} · {API_TOKEN_SCOPE_LABELS[token.scope]}
        {token.sourceName ? ` · ${API_TOKEN_LABELS.sourceOf(token.sourceName)}` : null}
      </p>
      {owner ? (
        <p className="text-slate-600">
          {API_TOKEN_LABELS.owner}: {token.userName ?? '—'}
        </p>
      ) : null}
      <p className="text-slate-600">
        <code className="font-mono text-slate-800">{token.prefix}</code> ·{' '}
        {API_TOKEN_LABELS.createdAt}: {formatDateTime(token.createdAt, timeZone)} ·{' '}
        {API_TOKEN_LABELS.lastUsed}: {when(token.lastUsedAt, API_TOKEN_LABELS.notUsed)} ·{' '}
        {API_TOKEN_LABELS.expiresAt}: {when(token.expiresAt, API_TOKEN_LABELS.never)}
      </p>
    </div>
  );
}

export type RevokeTokenDialogProps = {
  /** The token asked about; null: closed. */
  token: ApiToken | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** "¿Revocar el token «…»?", the same in Perfil and in Ajustes. */
export function RevokeTokenDialog({ token, onConfirm, onCancel }: RevokeTokenDialogProps) {
  return (
    <ConfirmDialog
      open={token !== null}
      message={API_TOKEN_LABELS.confirmRevoke(token?.name ?? '')}
      confirmLabel={API_TOKEN_LABELS.revoke}
      cancelLabel={API_TOKEN_LABELS.keep}
      onConfirm={onConfirm}
      onCancel={onCancel}
      placement="center"
    />
  );
}
