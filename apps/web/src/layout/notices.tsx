import { X } from 'lucide-react';
import { Slide, ToastContainer, type CloseButtonProps } from 'react-toastify';
import { APP_LABELS, NOTICE_OPTIONS } from '@crm/shared';

/** The notice's own close button, named in the product's language. */
function NoticeCloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={APP_LABELS.closeNotice}
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
 * The notice area (§9 as issue 25 changed it, NOTICE_OPTIONS): bottom right, about 5 s, at most
 * two at a time (a third waits for a place), progress bar, close on click, pause on hover,
 * draggable. At the bottom a notice stays clear of the column headers and the first cards, the
 * screens' actions and a dialog's title and close button. Announced politely (role="status")
 * rather than as alerts; Alt+T takes the focus to them and pauses them until Escape
 * (react-toastify), so keyboard users get the time hover gives a mouse (WCAG 2.2.1).
 */
export function Notices() {
  return (
    <ToastContainer
      {...NOTICE_OPTIONS}
      transition={Slide}
      newestOnTop
      role="status"
      aria-label={APP_LABELS.notices}
      closeButton={NoticeCloseButton}
      className="crm-notices"
      // A modal dialog turns pointer events off on <body>; notices must stay clickable (§9).
      style={{ pointerEvents: 'auto' }}
    />
  );
}
