import type { ReactNode } from 'react';
import { NOTICE_BUTTON_CLASS } from './action-notice';

const LOOKS = {
  /** "Deshacer": outlined. */
  secondary: 'text-indigo-700 ring-1 ring-indigo-300 ring-inset hover:bg-indigo-50',
  /** What to do next ("Completar datos", "Planificar la siguiente"): filled. */
  primary: 'bg-indigo-600 text-white hover:bg-indigo-500',
} as const;

/** A button in an action notice (the board's move, an activity's completion). */
export function NoticeAction({
  look,
  onClick,
  children,
}: {
  look: keyof typeof LOOKS;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" onClick={onClick} className={`${NOTICE_BUTTON_CLASS} ${LOOKS[look]}`}>
      {children}
    </button>
  );
}
