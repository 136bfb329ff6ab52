import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { FieldMessages } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface PickerOption {
  id: string;
  /** What the input shows once chosen, and what the search matches besides the id. */
  name: string;
  /** A second line under the name (e.g. "Public · 24 members"). */
  detail?: ReactNode;
  /** A badge at the right (e.g. "Add bot first"). */
  aside?: ReactNode;
}

/** Options whose name or id contains the text (case-insensitive). */
export function filterOptions<T extends PickerOption>(options: readonly T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter(
    (option) =>
      option.name.toLowerCase().includes(needle) || option.id.toLowerCase().includes(needle),
  );
}

/**
 * A searchable single-choice picker: the ARIA 1.2 combobox pattern (a text input that filters a
 * listbox by name or id; Up/Down move, Enter picks, Escape closes, then clears).
 */
export function SearchablePicker({
  label,
  placeholder,
  options,
  value,
  onChange,
  error,
  hint,
  disabled,
  emptyText,
}: {
  label: string;
  placeholder: string;
  options: readonly PickerOption[];
  value: string;
  onChange(id: string): void;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  emptyText: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const selected = options.find((option) => option.id === value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  // while not typing, the input shows the chosen option
  const shown = text ?? selected?.name ?? '';
  const matches = useMemo(() => filterOptions(options, text ?? ''), [options, text]);
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  const choose = (option: PickerOption) => {
    onChange(option.id);
    setText(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === 'Enter') {
      if (open && matches[activeIndex]) {
        event.preventDefault();
        choose(matches[activeIndex]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setText(null);
      }
    }
  };

  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={
            open && matches[activeIndex] ? `${id}-opt-${activeIndex}` : undefined
          }
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
            if (value) onChange('');
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setText(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClasses, 'h-10 pr-9')}
        />
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-ink-200 bg-white p-1 shadow-raised"
        >
          {matches.length === 0 ? (
            <li role="presentation" className="px-3 py-2 text-sm text-ink-600">
              {emptyText}
            </li>
          ) : (
            matches.map((option, index) => (
              <li
                key={option.id}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={option.id === value}
                // keep focus in the input: pick on mouse down, before its blur
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseMove={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink-800',
                  index === activeIndex && 'bg-brand-50 text-ink-900',
                )}
              >
                <Check
                  className={cn(
                    'size-4 shrink-0 text-brand-600',
                    option.id !== value && 'invisible',
                  )}
                  aria-hidden="true"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{option.name}</span>
                  {option.detail ? (
                    <span className="block text-xs text-ink-600">{option.detail}</span>
                  ) : null}
                </span>
                {option.aside}
              </li>
            ))
          )}
        </ul>
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
