import { formatFileSize } from '@/lib/format';
import { useEffect, useRef, type Dispatch } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Library, Loader2, Plus, Trash2, X, XCircle } from 'lucide-react';
import { CONTENT_FILE_EXTENSIONS } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { classKeys } from '@/lib/api/get-classes';
import { cn } from '@/lib/utils';
import { FileDropzone, getContents } from '@/features/course-material';
import { classHoldings, UPLOAD_STATUS_TEXT } from './wizard-rules';
import { nextKey, type TextEntry, type UploadRow, type WizardAction } from './wizard-state';

/**
 * Step 2: what the class holds so far, files to upload (each with its status) and text entries.
 * A completed file leaves the list after 3 s (SPEC §2); the summary line keeps counting it.
 */
export function AdditionalContentStep({
  classId,
  syllabusSent,
  uploads,
  entries,
  dispatch,
  onFiles,
  onDismiss,
}: {
  classId: string | null;
  /** step 1 sent the syllabus (and it was read) */
  syllabusSent: boolean;
  uploads: UploadRow[];
  entries: TextEntry[];
  dispatch: Dispatch<WizardAction>;
  onFiles(files: File[]): void;
  onDismiss(row: UploadRow): void;
}) {
  // the class's material on the server; refreshed as each file is read or removed
  const stored = useQuery({
    queryKey: classKeys.content(classId ?? ''),
    queryFn: () => getContents(classId!),
    enabled: classId !== null,
  });
  const savedEntries = new Set(entries.flatMap((e) => (e.savedId ? [e.savedId] : [])));
  const contents = stored.data?.contents;
  const summary = classHoldings({
    syllabus: syllabusSent || Boolean(contents?.some((c) => c.content_type === 'syllabus')),
    files: contents
      ? contents.filter(
          (c) => c.content_type !== 'syllabus' && c.status === 'ready' && !savedEntries.has(c.id),
        ).length
      : uploads.filter((u) => u.status === 'completed').length,
    textEntries: entries.filter((e) => e.title.trim() || e.content.trim()).length,
  });

  // a dismissed row takes its button with it: focus goes on to the next row's, or Choose files
  const filesSection = useRef<HTMLElement>(null);
  const dismissing = useRef<string | null>(null);
  useEffect(() => {
    const key = dismissing.current;
    if (!key || uploads.some((u) => u.key === key)) return;
    dismissing.current = null;
    const section = filesSection.current;
    (
      section?.querySelector<HTMLElement>('[data-dismiss]') ??
      section?.querySelector<HTMLElement>('button')
    )?.focus();
  }, [uploads]);

  return (
    <div className="space-y-6">
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2 text-sm text-ink-800"
      >
        <Library className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>{summary}</span>
      </p>
      <section ref={filesSection} aria-labelledby="wizard-files" className="space-y-3">
        <h3 id="wizard-files" className="text-sm font-semibold text-ink-900">
          Upload files
        </h3>
        <p className="text-sm text-ink-600">
          Lecture notes, assignment sheets, reading lists — anything students ask about.
        </p>
        <FileDropzone
          label="Additional content files"
          accept={CONTENT_FILE_EXTENSIONS}
          multiple
          hint="PDF, Word, Excel, TXT or CSV, up to 50 MB each"
          onFiles={onFiles}
        />
        {uploads.length ? (
          <ul aria-label="File uploads" className="space-y-2">
            {uploads.map((row) => (
              <UploadItem
                key={row.key}
                row={row}
                onDismiss={() => {
                  dismissing.current = row.key;
                  onDismiss(row);
                }}
              />
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="wizard-text" className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h3 id="wizard-text" className="text-sm font-semibold text-ink-900">
            Text entries
          </h3>
          <Button
            variant="outline"
            size="sm"
            onClick={() => dispatch({ type: 'entryAdded', key: nextKey() })}
          >
            <Plus aria-hidden="true" /> Add text entry
          </Button>
        </div>
        {entries.length === 0 ? (
          <p className="text-sm text-ink-600">
            Paste office hours, policies or anything else that isn&apos;t in a file.
          </p>
        ) : null}
        {entries.map((entry, index) => (
          <TextEntryCard key={entry.key} entry={entry} number={index + 1} dispatch={dispatch} />
        ))}
      </section>
    </div>
  );
}

function UploadItem({ row, onDismiss }: { row: UploadRow; onDismiss(): void }) {
  return (
    <li className="rounded-lg border border-ink-200 bg-white p-3">
      <div className="flex items-center gap-3">
        {row.status === 'completed' ? (
          <CheckCircle2 className="size-5 shrink-0 text-success-600" aria-hidden="true" />
        ) : row.status === 'error' ? (
          <XCircle className="size-5 shrink-0 text-danger-600" aria-hidden="true" />
        ) : (
          <Loader2 className="size-5 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-ink-900">{row.name}</p>
          <p className="text-xs text-ink-600">
            {formatFileSize(row.size)}
            {row.status === 'processing' ? ' · Reading the file…' : ''}
          </p>
        </div>
        <span
          className={cn(
            'text-xs font-semibold',
            row.status === 'error'
              ? 'text-danger-700'
              : row.status === 'completed'
                ? 'text-success-700'
                : 'text-ink-700',
          )}
        >
          {UPLOAD_STATUS_TEXT[row.status]}
          {row.status === 'uploading' ? ` ${row.progress}%` : ''}
        </span>
      </div>
      {row.status === 'uploading' ? (
        <Progress
          className="mt-2"
          value={row.progress}
          max={100}
          label={`Uploading ${row.name}`}
          valueText={`${row.progress}%`}
        />
      ) : null}
      {row.status === 'error' ? (
        <div className="mt-1 flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
          {row.error ? (
            <p role="alert" className="min-w-0 flex-1 text-xs font-medium text-danger-700">
              {row.error}
            </p>
          ) : null}
          {/* a file the server kept (it could not read it) is deleted there; a refused one is
              only taken off the list */}
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            data-dismiss
            aria-label={`${row.contentId ? 'Remove' : 'Dismiss'} ${row.name}`}
            onClick={onDismiss}
          >
            {row.contentId ? <Trash2 aria-hidden="true" /> : <X aria-hidden="true" />}
            {row.contentId ? 'Remove' : 'Dismiss'}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** A title and content; locked once saved with the class. */
function TextEntryCard({
  entry,
  number,
  dispatch,
}: {
  entry: TextEntry;
  number: number;
  dispatch: Dispatch<WizardAction>;
}) {
  const { key } = entry;
  const saved = Boolean(entry.savedId);
  return (
    <div className="space-y-3 rounded-lg border border-ink-200 p-4">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-ink-800">
          Entry {number}
          {saved ? <span className="ml-2 text-success-700">Saved</span> : null}
        </p>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove entry ${number}`}
          disabled={saved}
          onClick={() => dispatch({ type: 'entryRemoved', key })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <Field label={`Entry ${number} title`}>
        <Input
          value={entry.title}
          disabled={saved}
          maxLength={255}
          onChange={(e) => dispatch({ type: 'entryEdited', key, title: e.target.value })}
        />
      </Field>
      <Field label={`Entry ${number} content`}>
        <Textarea
          rows={4}
          value={entry.content}
          disabled={saved}
          onChange={(e) => dispatch({ type: 'entryEdited', key, content: e.target.value })}
        />
      </Field>
    </div>
  );
}
