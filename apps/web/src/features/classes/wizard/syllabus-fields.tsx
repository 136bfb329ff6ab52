import { formatFileSize } from '@/lib/format';
import { useEffect, useRef, type Dispatch } from 'react';
import { CheckCircle2, FileText, Loader2, XCircle } from 'lucide-react';
import { CONTENT_FILE_EXTENSIONS } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { CONTENT_STATUS_TEXT, FileDropzone, fileProblem } from '@/features/course-material';
import { UPLOAD_STATUS_TEXT } from './wizard-rules';
import {
  syllabusKey,
  type SyllabusState,
  type SyllabusUpload,
  type WizardAction,
} from './wizard-state';

const SOURCES = [
  ['file', 'Upload a file'],
  ['text', 'Paste text'],
] as const;

/** Step 1's syllabus: a file to upload or text to paste, and how sending it went. */
export function SyllabusFields({
  syllabus,
  busy,
  dispatch,
}: {
  syllabus: SyllabusState;
  busy: boolean;
  dispatch: Dispatch<WizardAction>;
}) {
  const { mode, file, upload } = syllabus;
  return (
    // min-w-0: a fieldset is as wide as its content by default (a long file name)
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-1 text-sm font-semibold text-ink-900">Syllabus</legend>
      <p className="text-sm text-ink-600">
        The assistant answers students from your syllabus first.
      </p>
      <div
        role="group"
        aria-label="Syllabus source"
        className="inline-flex rounded-lg bg-ink-100 p-1"
      >
        {SOURCES.map(([source, label]) => (
          <button
            key={source}
            type="button"
            aria-pressed={mode === source}
            onClick={() => dispatch({ type: 'syllabusModeChosen', mode: source })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-ink-700 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              mode === source && 'bg-white text-ink-900 shadow-sm',
            )}
          >
            {label}
          </button>
        ))}
      </div>

      {mode === 'file' ? (
        file ? (
          <SelectedFile
            file={file}
            upload={upload}
            onRemove={busy ? undefined : () => dispatch({ type: 'syllabusFileRemoved' })}
          />
        ) : (
          <FileDropzone
            label="Syllabus file"
            accept={CONTENT_FILE_EXTENSIONS}
            hint="PDF, Word, Excel, TXT or CSV, up to 50 MB"
            onFiles={([chosen]) => {
              if (!chosen) return;
              const problem = fileProblem(chosen);
              dispatch(
                problem
                  ? { type: 'syllabusChecked', error: problem }
                  : { type: 'syllabusFileChosen', file: chosen },
              );
            }}
          />
        )
      ) : (
        <div className="space-y-3">
          <Field label="Syllabus title" optional>
            <Input
              value={syllabus.title}
              onChange={(e) => dispatch({ type: 'syllabusTitleEdited', title: e.target.value })}
              maxLength={255}
              placeholder="Syllabus"
            />
          </Field>
          <Field label="Syllabus text">
            <Textarea
              rows={6}
              value={syllabus.text}
              onChange={(e) => dispatch({ type: 'syllabusTextEdited', text: e.target.value })}
              placeholder="Paste the full text of your syllabus"
            />
          </Field>
        </div>
      )}
      {mode === 'text' && upload?.step === 'processing' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-700">
          <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden="true" />
          {CONTENT_STATUS_TEXT.processing} Reading your syllabus.
        </p>
      ) : null}
      {syllabus.sent && !syllabusKey(syllabus) ? (
        <p className="flex items-center gap-2 text-sm text-success-700">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Syllabus added
        </p>
      ) : null}
      {syllabus.error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {syllabus.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The chosen syllabus file, with its upload progress, "Processing" or why it failed. */
function SelectedFile({
  file,
  upload,
  onRemove,
}: {
  file: File;
  upload: SyllabusUpload | null;
  onRemove?: () => void;
}) {
  // When reading starts or fails the button that was pressed is disabled or gone: focus moves
  // here so the state is read out and Tab continues from the file (Remove file).
  const card = useRef<HTMLDivElement>(null);
  const step = upload?.step;
  useEffect(() => {
    if (step === 'processing' || step === 'failed') card.current?.focus();
  }, [step]);
  return (
    <div
      ref={card}
      tabIndex={-1}
      className={cn(
        'space-y-2 rounded-lg border bg-white p-3 outline-none',
        step === 'failed' ? 'border-danger-200' : 'border-ink-200',
      )}
    >
      <div className="flex items-center gap-3">
        {step === 'processing' ? (
          <Loader2 className="size-8 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
        ) : step === 'failed' ? (
          <XCircle className="size-8 shrink-0 text-danger-600" aria-hidden="true" />
        ) : (
          <FileText className="size-8 shrink-0 text-brand-600" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-ink-900">{file.name}</p>
          <p className="text-xs text-ink-600">{formatFileSize(file.size)}</p>
        </div>
        {step === 'processing' ? (
          <span className="text-xs font-semibold text-ink-700">
            {UPLOAD_STATUS_TEXT.processing}
          </span>
        ) : step === 'failed' ? (
          <span className="text-xs font-semibold text-danger-700">{UPLOAD_STATUS_TEXT.error}</span>
        ) : null}
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove file
          </Button>
        ) : null}
      </div>
      {upload?.step === 'uploading' ? (
        <Progress
          value={upload.progress}
          max={100}
          label={`Uploading ${file.name}`}
          valueText={`${upload.progress}%`}
        />
      ) : null}
      {step === 'processing' ? (
        <p role="status" className="text-xs text-ink-600">
          Reading your syllabus. This can take a minute for a long file; step 2 opens when it is
          done.
        </p>
      ) : null}
      {upload?.step === 'failed' ? (
        <p role="alert" className="text-xs font-medium text-danger-700">
          {CONTENT_STATUS_TEXT.failed}: {upload.reason} Choose another file, or try again.
        </p>
      ) : null}
    </div>
  );
}
