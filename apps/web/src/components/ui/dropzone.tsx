import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A drag-and-drop area over a hidden file input that carries the accessible label. The caller
 * draws the inside: `children` gets `choose` (opens the file picker) and the id its hint text
 * must carry (the input is described by it).
 */
export function Dropzone({
  label,
  accept,
  multiple = false,
  disabled = false,
  className,
  onFiles,
  children,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  onFiles(files: File[]): void;
  children(controls: { choose(): void; hintId: string }): ReactNode;
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
      className={cn(className, dragging && 'border-brand-500 bg-brand-50')}
    >
      {children({ choose: () => inputRef.current?.click(), hintId })}
      <input
        ref={inputRef}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        aria-describedby={hintId}
        accept={accept}
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
