import { ArrowLeft, FileText, UploadCloud } from 'lucide-react';
import { TRIAL_QUESTION_LIMIT } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dropzone } from '@/components/ui/dropzone';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { TRIAL_ACCEPT } from './trial-rules';
import type { UploadState } from './use-trial-upload';

/** Step 1: pick or drop one document; it uploads with a progress bar. */
export function UploadStep({
  upload,
  onFile,
  onBackToChat,
}: {
  upload: UploadState;
  onFile(file: File): void;
  /** Present when the session already has a document to go back to. */
  onBackToChat?: () => void;
}) {
  return (
    <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-5 py-5 sm:px-6">
      {onBackToChat && upload.status !== 'uploading' ? (
        <Button variant="link" size="sm" className="self-start" onClick={onBackToChat}>
          <ArrowLeft aria-hidden="true" />
          Back to the conversation
        </Button>
      ) : null}
      {upload.status === 'uploading' ? (
        <UploadProgress fileName={upload.fileName} percent={upload.percent} />
      ) : (
        <DropZone onFile={onFile} />
      )}
      {upload.status === 'error' ? <Alert variant="danger">{upload.message}</Alert> : null}
      <p className="text-xs leading-relaxed text-ink-600">
        Ask up to {TRIAL_QUESTION_LIMIT} questions about it. The trial lasts 24 hours and needs no
        account.
      </p>
    </div>
  );
}

function DropZone({ onFile }: { onFile(file: File): void }) {
  return (
    <Dropzone
      label="Document to try"
      accept={TRIAL_ACCEPT}
      onFiles={([file]) => {
        if (file) onFile(file);
      }}
      className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-ink-300 bg-ink-50/60 px-4 py-10 text-center transition-colors"
    >
      {({ choose, hintId }) => (
        <>
          <span className="flex size-12 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm">
            <UploadCloud className="size-6" aria-hidden="true" />
          </span>
          <p className="hidden text-sm text-ink-700 sm:block">
            Drag and drop your document here, or
          </p>
          <Button onClick={choose}>Choose a file</Button>
          <p id={hintId} className="text-xs text-ink-600">
            PDF, DOCX or TXT up to 10 MB
          </p>
        </>
      )}
    </Dropzone>
  );
}

function UploadProgress({ fileName, percent }: { fileName: string; percent: number }) {
  const reading = percent >= 100;
  return (
    <div className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <p className="flex items-center gap-2 text-sm font-medium text-ink-900">
        <FileText className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="min-w-0 truncate">{fileName}</span>
      </p>
      <div className="mt-4 flex items-center gap-3">
        <Progress
          value={percent}
          max={100}
          label={`Uploading ${fileName}`}
          valueText={`${percent}%`}
        />
        <span className="w-10 shrink-0 text-right text-sm font-semibold text-ink-700 tabular-nums">
          {percent}%
        </span>
      </div>
      <p className="mt-3 flex min-h-5 items-center gap-2 text-sm text-ink-600">
        {reading ? (
          <>
            <Spinner size="sm" label={null} className="text-brand-600" />
            <span role="status">Reading your document…</span>
          </>
        ) : (
          'Uploading…'
        )}
      </p>
    </div>
  );
}
