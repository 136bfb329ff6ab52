import { UploadCloud } from 'lucide-react';
import { Dropzone } from '@/components/ui/dropzone';
import { cn } from '@/lib/utils';

/** The class dialogs' drop area with a "choose" button; the hidden input carries the label. */
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
  return (
    <Dropzone
      label={label}
      accept={accept.join(',')}
      multiple={multiple}
      disabled={disabled}
      onFiles={onFiles}
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-ink-300 bg-ink-50/60 px-4 py-6 text-center transition-colors',
        disabled && 'opacity-60',
      )}
    >
      {({ choose, hintId }) => (
        <>
          <UploadCloud className="size-8 text-brand-600" aria-hidden="true" />
          <p className="text-sm text-ink-700">
            <span className="hidden sm:inline">
              Drag and drop {multiple ? 'files' : 'a file'} here, or{' '}
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={choose}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 sm:lowercase"
            >
              Choose {multiple ? 'files' : 'a file'}
            </button>
          </p>
          <p id={hintId} className="text-xs text-ink-600">
            {hint ?? `${accept.map((e) => e.slice(1).toUpperCase()).join(', ')}`}
          </p>
        </>
      )}
    </Dropzone>
  );
}
