import type { ComponentProps, ReactNode } from 'react';
import { langOf } from '../../lib/lang';

export const inputClass =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:ring-red-500';

export type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
};

/** A label, its control and the field's message (linked by aria-describedby). */
export function FormField({ id, label, error, children, className = '' }: FormFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p
          id={`${id}-error`}
          lang={langOf(error)}
          className="mt-1 text-xs font-medium text-red-600"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

// ComponentProps (not the bare attributes): a form hands its controls a ref (useZodForm's map of
// fields, to focus one), which React 19 passes to these as a prop.
export function TextInput({ className = '', ...props }: ComponentProps<'input'>) {
  return <input className={`${inputClass} ${className}`} {...props} />;
}

export function Select({ className = '', ...props }: ComponentProps<'select'>) {
  return <select className={`${inputClass} pr-8 ${className}`} {...props} />;
}

export function TextArea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return <textarea className={`${inputClass} ${className}`} {...props} />;
}
