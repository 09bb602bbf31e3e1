import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: string;
  closeLabel?: string;
};

/** Notices (react-toastify) sit outside every dialog but must stay usable while one is open. */
const isNotice = (target: EventTarget | null) =>
  target instanceof Element && target.closest('.Toastify') !== null;

/**
 * A modal dialog: traps focus, closes on Escape and on its X button, restores focus. A click on
 * a notice (to close or pause it) does not count as a click outside.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  size = 'max-w-lg',
  closeLabel = 'Close',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onInteractOutside={(event) => {
            if (isNotice(event.target)) event.preventDefault();
          }}
          className={`fixed inset-x-0 top-0 z-50 mx-auto flex max-h-dvh w-full ${size} flex-col bg-white shadow-xl sm:top-6 sm:max-h-[calc(100dvh-3rem)] sm:rounded-xl`}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
