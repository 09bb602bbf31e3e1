import { useState } from 'react';
import { Search } from 'lucide-react';
import { FIELD_MAX_LENGTH, USERS_LABELS } from '@crm/shared';
import { inputClass } from '../../../components/ui/form-field';

export type UserSearchProps = {
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
  /** Rows shown, and users in all. */
  shown: number;
  total: number;
};

/**
 * "Buscar usuarios" by name or email, applied as one types (the list is already here, see
 * users-view.ts), and the count beside it, announced as it changes.
 */
export function UserSearch({ value, onSearch, shown, total }: UserSearchProps) {
  const [text, setText] = useState(value);
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed from elsewhere (the sidebar's link, Back): show it, unless it is the echo of
  // what was typed (trimmed there, so "ana " stays as typed).
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setText(value);
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="relative w-full sm:max-w-xs">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          type="search"
          aria-label={USERS_LABELS.search}
          placeholder={USERS_LABELS.searchPlaceholder}
          maxLength={FIELD_MAX_LENGTH.email}
          value={text}
          onChange={(event) => {
            const typed = event.target.value;
            setText(typed);
            setSent(typed.trim());
            onSearch(typed.trim());
          }}
          className={`${inputClass} pl-8`}
        />
      </div>
      <p role="status" className="text-sm text-slate-600">
        {USERS_LABELS.count(shown, total)}
      </p>
    </div>
  );
}
