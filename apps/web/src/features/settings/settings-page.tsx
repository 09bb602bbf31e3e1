import { useSettings } from '../../api/settings/get-settings';
import { ErrorText, LoadingText } from '../../components/ui/status-text';
import { SETTINGS_LABELS } from '@crm/shared';
import { SettingsForm } from './settings-form';

/** /main/settings "Ajustes" (system admin): the days per stage before "Estancada" (issue 20), the
 * lost reasons and the win probabilities (issue 21). */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="mx-auto max-w-2xl space-y-5 p-4 md:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{SETTINGS_LABELS.title}</h1>
      {settings.isPending ? (
        <LoadingText />
      ) : settings.isError ? (
        <ErrorText message={settings.error.message} />
      ) : (
        // The draft starts from the settings once read; later reads (a save's answer, a 409's
        // stored copy) go to the form itself, which keeps what was typed.
        <SettingsForm settings={settings.data} />
      )}
    </div>
  );
}
