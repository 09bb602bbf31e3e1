import { X } from 'lucide-react';
import { Slide, ToastContainer, type CloseButtonProps } from 'react-toastify';
import { NOTICE_OPTIONS } from '@crm/shared';

/** The notice's own close button, named in the product's language. */
function NoticeCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label="Cerrar aviso"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      className="Toastify__close-button shrink-0 self-start rounded p-0.5 text-slate-500 hover:text-slate-900"
    >
      <X className="size-4" aria-hidden />
    </button>
  );
}

/**
 * The notice area of §2/§9: top right, 3000 ms, progress bar, close on click, pause on hover,
 * draggable (NOTICE_OPTIONS). Announced politely (role="status") rather than as alerts.
 *
 * It sits at the top right but below the row a screen's actions and a dialog's title and close
 * button occupy (`crm-notices` in index.css), so a notice never covers them; on a phone, also
 * below the board's filters, stage switcher and column header with its "+".
 */
export function Notices() {
  return (
    <ToastContainer
      {...NOTICE_OPTIONS}
      transition={Slide}
      newestOnTop
      role="status"
      aria-label="Avisos (Alt+T)"
      closeButton={NoticeCloseButton}
      className="crm-notices"
      // A modal dialog turns pointer events off on <body>; notices must stay clickable (§9).
      style={{ pointerEvents: 'auto' }}
    />
  );
}
