import { Link } from 'react-router-dom';
import { useSettings } from '../../api/settings/get-settings';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { AUDIT_PATH, AUDIT_TITLE, SESSION_MESSAGES, SETTINGS_LABELS } from '@crm/shared';
import { ApiTokensAdminSection } from './api-tokens-admin-section';
import { EmailTemplatesSection } from './email-templates-section';
import { SettingsForm } from './settings-form';
import { TwoFactorPolicySection } from './two-factor-policy-section';
import { WebhooksSection } from './webhooks-section';

/** /main/settings "Ajustes" (system admin): the days per stage before "Estancada" (issue 20), the
 * lost reasons and the win probabilities (issue 21), the sign-in policy (issue 32), the mail
 * templates (issue 35), everyone's API tokens and the webhooks (issue 36). */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="mx-auto max-w-2xl space-y-5 p-4 md:p-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {SETTINGS_LABELS.title}
        </h1>
        {/* Issue 32: the audit log, a screen of its own (its own chunk). */}
        <Link to={AUDIT_PATH} className="text-sm font-medium text-indigo-700 hover:underline">
          {AUDIT_TITLE}
        </Link>
      </div>
      {hasFailed(settings) ? (
        // Issue 33: with "Reintentar".
        <LoadError
          message={settings.error?.message ?? SESSION_MESSAGES.fetchFailed}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : settings.data === undefined ? (
        <LoadingText />
      ) : (
        // The draft starts from the settings once read; later reads (a save's answer, a 409's
        // stored copy) go to the form itself, which keeps what was typed.
        <SettingsForm settings={settings.data} />
      )}
      {/* Issue 32: saved on its own, apart from the board's settings above. */}
      <TwoFactorPolicySection />
      {/* Issue 35: the mail templates, each saved on its own. */}
      <EmailTemplatesSection />
      {/* Issue 36: everyone's API tokens, each revoked on its own. */}
      <ApiTokensAdminSection />
      {/* Issue 36: the webhooks ("Integraciones"), each endpoint changed on its own. */}
      <WebhooksSection />
    </div>
  );
}
