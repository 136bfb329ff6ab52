import { classChoiceName } from '@/lib/class-groups';
import { formatFileSize } from '@/lib/format';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  AlertTriangle,
  ArrowLeft,
  BookOpen,
  CalendarClock,
  FileText,
  Info,
  Loader2,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import type { ClassItem, ContentItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { ADD_CONTENT_EXTENSIONS, cutTitle, fileProblem, titleFromFileName } from './content-files';
import { CONTENT_STATUS_TEXT, ContentReadError, isAbort, waitUntilRead } from './content-status';
import { useUnmountSignal } from '@/lib/use-unmount-signal';
import { FileDropzone } from './file-dropzone';
import { type UploadContentType, uploadContent } from './api/upload-content';
import { classKeys } from '@/lib/api/get-classes';
import { SHELL_SUMMARY_KEY } from '@/lib/query-keys';

export const ADD_CONTENT_FAILED = 'Failed to upload content. Please try again.';
/** The confirmation once an item is added and read, as the app's other toasts confirm. */
export const ADD_CONTENT_DONE = 'Content added';

interface Choice {
  id: 'syllabus' | 'sample_work' | 'due_dates' | 'other';
  label: string;
  description: string;
  icon: LucideIcon;
  contentType: UploadContentType;
  input: 'file' | 'text';
}

/** SPEC §2 Add Content modal: four choices. */
export const ADD_CONTENT_CHOICES: Choice[] = [
  {
    id: 'syllabus',
    label: 'Add New Syllabus',
    description: 'This will replace any existing syllabus',
    icon: BookOpen,
    contentType: 'syllabus',
    input: 'file',
  },
  {
    id: 'sample_work',
    label: 'Sample work',
    description: 'Example essays, solved problems or graded work',
    icon: FileText,
    contentType: 'sample_work',
    input: 'file',
  },
  {
    id: 'due_dates',
    label: 'Due dates',
    description: 'Assignment deadlines and exam dates',
    icon: CalendarClock,
    contentType: 'due_dates',
    input: 'text',
  },
  {
    id: 'other',
    label: 'Other information',
    description: 'Office hours, policies, anything else',
    icon: Info,
    contentType: 'other',
    input: 'text',
  },
];

export function AddContentModal({
  classItem,
  onOpenChange,
}: {
  classItem: ClassItem | null;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={classItem !== null} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        {classItem ? (
          <AddContentBody classItem={classItem} onClose={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Where a submission is: SPEC's uploading, processing, then completed (the modal closes) or error. */
type Phase =
  | { step: 'idle' }
  | { step: 'uploading'; progress: number }
  | { step: 'processing' }
  | { step: 'failed'; reason: string };

function AddContentBody({ classItem, onClose }: { classItem: ClassItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const lifetime = useUnmountSignal();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [sentName, setSentName] = useState('');
  const busy = phase.step === 'uploading' || phase.step === 'processing';

  const canSubmit =
    !busy && title.trim() !== '' && (choice?.input === 'file' ? file !== null : text.trim() !== '');

  const back = () => {
    setChoice(null);
    setTitle('');
    setText('');
    setFile(null);
    setFileError(null);
    setPhase({ step: 'idle' });
  };

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: classKeys.all });
    void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
  };

  async function submit() {
    if (!choice || !canSubmit) return;
    const signal = lifetime();
    const cleanTitle = cutTitle(title);
    const fileName = file ? file.name : `${cleanTitle}.txt`;
    setSentName(fileName);
    setPhase({ step: 'uploading', progress: 0 });
    let item: ContentItem;
    try {
      // A text-only submission is sent as a text file named after the title (SPEC §5).
      const blob = file ?? new Blob([text.trim()], { type: 'text/plain' });
      ({ content: item } = await uploadContent(
        {
          file: blob,
          fileName,
          classId: classItem.id,
          contentType: choice.contentType,
          title: cleanTitle,
        },
        (progress) =>
          setPhase((p) =>
            p.step !== 'uploading'
              ? p
              : progress >= 100
                ? { step: 'processing' }
                : { step: 'uploading', progress },
          ),
      ));
    } catch (error) {
      console.error('Content upload failed', error);
      setPhase({ step: 'idle' });
      window.alert(ADD_CONTENT_FAILED);
      return;
    }
    // closed during the upload: the lists show the item, whatever its state
    if (signal.aborted) {
      refreshLists();
      return;
    }
    // Stored: the server reads the file now or in the background. Completed means read.
    try {
      if (item.status === 'processing') setPhase({ step: 'processing' });
      await waitUntilRead(item, signal);
      refreshLists();
      toast.success(ADD_CONTENT_DONE, { description: cleanTitle });
      onClose();
    } catch (error) {
      // closed while it is read, or reading failed: either way the lists now hold the item
      refreshLists();
      if (isAbort(error)) return;
      if (error instanceof ContentReadError) {
        setPhase({ step: 'failed', reason: error.message });
        return;
      }
      console.error('Checking the uploaded content failed', error);
      setPhase({ step: 'idle' });
      window.alert(ADD_CONTENT_FAILED);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Add Content</DialogTitle>
        <DialogDescription>
          {choice
            ? `For ${classChoiceName(classItem)}`
            : `Choose what to add to ${classChoiceName(classItem)}.`}
        </DialogDescription>
      </DialogHeader>

      {!choice ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {ADD_CONTENT_CHOICES.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setChoice(c)}
                className="flex h-full w-full flex-col items-start gap-2 rounded-xl border border-ink-200 bg-white p-4 text-left transition-colors hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <c.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="font-semibold text-ink-900">{c.label}</span>
                <span
                  className={
                    c.id === 'syllabus'
                      ? 'flex items-start gap-1.5 text-sm text-warning-800'
                      : 'text-sm text-ink-600'
                  }
                >
                  {c.id === 'syllabus' ? (
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  ) : null}
                  {c.description}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {choice.id === 'syllabus' ? (
            <p className="flex items-start gap-2 rounded-lg border border-warning-200 bg-warning-50 p-3 text-sm text-warning-800">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              This will replace any existing syllabus
            </p>
          ) : null}
          <Field label="Title">
            <Input
              value={title}
              maxLength={255}
              onChange={(e) => setTitle(e.target.value)}
              aria-required
              autoFocus
            />
          </Field>
          {choice.input === 'text' ? (
            <Field label="Content">
              <Textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} />
            </Field>
          ) : file ? (
            <div className="flex items-center gap-3 rounded-lg border border-ink-200 p-3">
              <FileText className="size-8 shrink-0 text-brand-600" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-ink-900">{file.name}</p>
                <p className="text-xs text-ink-600">{formatFileSize(file.size)}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setFile(null);
                  setPhase({ step: 'idle' });
                }}
                disabled={busy}
              >
                Remove file
              </Button>
            </div>
          ) : (
            <div className="space-y-2">
              <FileDropzone
                label="Content file"
                accept={ADD_CONTENT_EXTENSIONS}
                hint="PDF, DOC, DOCX, TXT, XLSX or XLS"
                onFiles={([picked]) => {
                  if (!picked) return;
                  const problem = fileProblem(picked, ADD_CONTENT_EXTENSIONS);
                  setFileError(problem);
                  if (problem) return;
                  setFile(picked);
                  // the file's name is the title unless the teacher has typed one
                  if (title.trim() === '') setTitle(titleFromFileName(picked.name));
                }}
              />
              {fileError ? (
                <p role="alert" className="text-sm font-medium text-danger-700">
                  {fileError}
                </p>
              ) : null}
            </div>
          )}
          <SubmissionStatus phase={phase} name={sentName} />
          <DialogFooter className="sm:justify-between">
            <Button variant="ghost" onClick={back} disabled={busy}>
              <ArrowLeft aria-hidden="true" /> Back to options
            </Button>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              {/* while the file is read, closing leaves it to finish in the background */}
              <Button variant="outline" onClick={onClose} disabled={phase.step === 'uploading'}>
                {phase.step === 'processing' ? 'Close' : 'Cancel'}
              </Button>
              <Button type="submit" disabled={!canSubmit}>
                {busy ? 'Adding...' : 'Add Content'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      )}
    </>
  );
}

/** The submission's state under the form: a progress bar, "Processing…", or why it failed. */
function SubmissionStatus({ phase, name }: { phase: Phase; name: string }) {
  // The pressed Add Content button is disabled meanwhile: focus moves to the news instead, so it
  // is read out and Tab continues to Close (or Cancel and Add Content after a failure).
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phase.step === 'processing' || phase.step === 'failed') panel.current?.focus();
  }, [phase.step]);
  if (phase.step === 'uploading') {
    return (
      <div className="space-y-2 rounded-lg border border-ink-200 bg-white p-3">
        <p className="flex items-center justify-between gap-3 text-sm">
          <span className="min-w-0 truncate font-medium text-ink-900">{name}</span>
          <span className="shrink-0 text-xs font-semibold text-ink-700">
            Uploading {phase.progress}%
          </span>
        </p>
        <Progress
          value={phase.progress}
          max={100}
          label={`Uploading ${name}`}
          valueText={`${phase.progress}%`}
        />
      </div>
    );
  }
  if (phase.step === 'processing') {
    return (
      <div
        ref={panel}
        tabIndex={-1}
        role="status"
        className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50/60 p-3 text-sm outline-none"
      >
        <Loader2
          className="mt-0.5 size-5 shrink-0 animate-spin text-brand-600"
          aria-hidden="true"
        />
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">{CONTENT_STATUS_TEXT.processing}</p>
          <p className="text-ink-700">
            Reading <span className="font-medium break-words">{name}</span>. You can close this
            window: it keeps going, and Review Course shows it when it is ready.
          </p>
        </div>
      </div>
    );
  }
  if (phase.step === 'failed') {
    return (
      <div
        ref={panel}
        tabIndex={-1}
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-700 outline-none"
      >
        <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">
            {CONTENT_STATUS_TEXT.failed}: <span className="break-words">{name}</span>
          </p>
          <p>{phase.reason}</p>
          <p>It is listed in Review Course, where you can delete it.</p>
        </div>
      </div>
    );
  }
  return null;
}
