import { useId, useRef, useState, type DragEvent } from 'react';
import { UploadCloud } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Drag-and-drop area with a "choose" button; the hidden input carries the accessible label. */
export function FileDropzone({
  label,
  accept,
  multiple = false,
  disabled = false,
  hint,
  onFiles,
}: {
  label: string;
  accept: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  hint?: string;
  onFiles(files: File[]): void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-ink-300 bg-ink-50/60 px-4 py-6 text-center transition-colors',
        dragging && 'border-brand-500 bg-brand-50',
        disabled && 'opacity-60',
      )}
    >
      <UploadCloud className="size-8 text-brand-600" aria-hidden="true" />
      <p className="text-sm text-ink-700">
        <span className="hidden sm:inline">
          Drag and drop {multiple ? 'files' : 'a file'} here, or{' '}
        </span>
        <button
          type="button"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 sm:lowercase"
        >
          Choose {multiple ? 'files' : 'a file'}
        </button>
      </p>
      <p id={hintId} className="text-xs text-ink-600">
        {hint ?? `${accept.map((e) => e.slice(1).toUpperCase()).join(', ')}`}
      </p>
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        aria-describedby={hintId}
        accept={accept.join(',')}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
