import { OUTAGE_LABELS, SESSION_MESSAGES, APP_LABELS } from '@crm/shared';
import { EN } from '../../lib/lang';

export type StatusTextProps = { className?: string };

/**
 * "Loading..." (§2) in English, as the spec words it, dark enough to read on the light greys of
 * the screens and columns (slate-600: 4.5:1 and more on white, slate-50 and slate-100).
 */
export function LoadingText({ className = 'text-sm' }: StatusTextProps) {
  return (
    <p {...EN} className={`text-slate-600 ${className}`}>
      {APP_LABELS.loading}
    </p>
  );
}

export type ErrorTextProps = StatusTextProps & { message: string };

/**
 * "Error: " followed by the message (§8), in English as the spec and the API word them. red-700:
 * 4.5:1 and more on white, slate-50 and the columns' slate-100, as long as no opacity dims it.
 */
export function ErrorText({ message, className = 'text-sm' }: ErrorTextProps) {
  // Issue 33: the app's own Spanish words for a server that is away or failed stand alone,
  // without the spec's English "Error: ".
  if (message === OUTAGE_LABELS.unreachable || message === OUTAGE_LABELS.serverFailed) {
    return (
      <p role="alert" className={`text-red-700 ${className}`}>
        {message}
      </p>
    );
  }
  return (
    <p role="alert" {...EN} className={`text-red-700 ${className}`}>
      {SESSION_MESSAGES.errorPrefix}
      {message}
    </p>
  );
}
