import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { FIELD_MAX_LENGTH, BOARD_LABELS } from '@crm/shared';
import { inputClass } from '../../../../components/ui/form-field';

/** Typing pauses this long before the board is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

export type SearchBoxProps = {
  /** The search in the URL. */
  value: string;
  onSearch: (value: string) => void;
};

/** "Buscar": name, email, company, phone or request number; sent once typing pauses. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const [shown, setShown] = useState(value);
  // The URL changed from elsewhere (filters cleared, Back, a saved view): show it, unless it is
  // our own echo. Either way it is now what the URL holds, so a later return to the text sent
  // before (a view picked after "Quitar filtros") is shown too.
  if (value !== shown) {
    setShown(value);
    if (value !== sent.current) setText(value);
    sent.current = value;
  }

  useEffect(() => {
    const query = text.trim();
    if (query === value) return;
    const timer = setTimeout(() => {
      sent.current = query;
      onSearch(query);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative min-w-40 flex-1 md:max-w-xs">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        aria-label={BOARD_LABELS.search}
        placeholder={BOARD_LABELS.search}
        maxLength={FIELD_MAX_LENGTH.name}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClass} py-1.5 pl-8 max-md:min-h-11`}
      />
    </div>
  );
}
