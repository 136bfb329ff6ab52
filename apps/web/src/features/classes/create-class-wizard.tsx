import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileText, Loader2, Plus, Sparkles, Trash2, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import {
  CONTENT_FILE_EXTENSIONS,
  DEFAULT_TEST_QUESTIONS,
  QUESTION_MAX_LENGTH,
  SEMESTERS,
  testReplySchema,
  type Semester,
  type TestReply,
} from '@app/contracts';
import { Alert } from '@/components/ui/alert';
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
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { CLASS_DRAFT_KEY } from '@/lib/storage';
import { SHELL_SUMMARY_KEY } from '@/lib/billing-api';
import { classKeys, classesApi, contentTypeLabel, type ClassPayload } from '@/lib/classes-api';
import { cn } from '@/lib/utils';
import { cutTitle, fileProblem, formatMb, orNull, titleFromFileName } from './class-logic';
import {
  CONTENT_STATUS_TEXT,
  ContentReadError,
  isAbort,
  isProcessing,
  pollDelay,
  useUnmountSignal,
  waitUntilRead,
} from './content-status';
import { FileDropzone } from './file-dropzone';

export const DRAFT_KEY = CLASS_DRAFT_KEY;
export const AUTOSAVE_MS = 30_000;
export const COMPLETED_REMOVE_MS = 3_000;
export const WIZARD_YEARS = [2025, 2026, 2027, 2028, 2029, 2030] as const;
export const WIZARD_MIN_STUDENTS = 1;
export const WIZARD_MAX_STUDENTS = 500;

export const WIZARD_TEXT = {
  nameRequired: 'Class name is required',
  syllabusRequired: 'Add your syllabus: upload a file or paste its text.',
  studentsRange: `Expected students must be a whole number from ${WIZARD_MIN_STUDENTS} to ${WIZARD_MAX_STUDENTS}`,
  uploadsPending: 'Please wait for all file uploads to complete before creating the class.',
  entryIncomplete: 'A text content entry needs both a title and content.',
  createFailed: 'Failed to create class',
  updateFailed: 'Failed to update class information',
  uploadFailed: 'Upload failed',
  draftFailed: 'Failed to load draft',
  testFailed: 'Failed to test question',
  aiFailed: 'Failed to get AI response',
  noContent: 'Please upload content first to test AI responses',
  syllabusReading: 'Your syllabus is still being read',
  syllabusReadingHint:
    'You can test the assistant as soon as it is ready. This updates by itself; it can take a minute for a long file.',
  syllabusFailed: 'Your syllabus could not be read',
} as const;

const STEP_NAMES = ['Class info & syllabus', 'Additional content', 'Test the assistant'] as const;

interface ClassInfo {
  class_name: string;
  course_code: string;
  school: string;
  department: string;
  semester: Semester;
  year: string;
  student_size: string;
  description: string;
}

interface TextEntry {
  key: string;
  title: string;
  content: string;
  savedId?: string;
}

type UploadStatus = 'uploading' | 'processing' | 'completed' | 'error';
interface UploadRow {
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  progress: number;
  error?: string;
  /** the stored item, once the server has acknowledged the upload */
  contentId?: string;
}

/** The syllabus file on its way: sent, then read by the server, or why reading failed. */
type SyllabusState =
  | { step: 'uploading'; progress: number }
  | { step: 'processing' }
  | { step: 'failed'; reason: string };

/** Step 3: one test question's answer, on its way, or why it failed. */
type TestResult =
  | { status: 'loading' }
  | { status: 'done'; reply: TestReply }
  | { status: 'error'; message: string };

/**
 * SPEC §3 "Class draft": step, class info, syllabus, additional content, test questions,
 * test responses (answers by question), id.
 */
interface Draft {
  step: 1 | 2 | 3;
  classInfo: ClassInfo;
  syllabus: { title: string; content: string };
  additionalContent: { title: string; content: string; savedId?: string }[];
  testQuestions: string[];
  testResponses: Record<string, TestReply>;
  id: string | null;
  /** the teacher it belongs to: another teacher signing in on this browser is never offered it */
  owner: string;
}

const emptyInfo: ClassInfo = {
  class_name: '',
  course_code: '',
  school: '',
  department: '',
  semester: 'Fall',
  year: '2025',
  student_size: '25',
  description: '',
};

let keySeq = 0;
const nextKey = () => `k${++keySeq}`;

function readDraft(owner: string): { draft: Draft | null; failed: boolean } {
  const raw = localStorage.getItem(DRAFT_KEY);
  if (!raw) return { draft: null, failed: false };
  try {
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.classInfo !== 'object') {
      throw new Error('bad draft');
    }
    if (parsed.owner !== owner) {
      localStorage.removeItem(DRAFT_KEY); // someone else's: not ours to show, nor to keep
      return { draft: null, failed: false };
    }
    return {
      draft: {
        step: parsed.step === 2 || parsed.step === 3 ? parsed.step : 1,
        classInfo: { ...emptyInfo, ...parsed.classInfo },
        syllabus: { title: '', content: '', ...parsed.syllabus },
        additionalContent: Array.isArray(parsed.additionalContent) ? parsed.additionalContent : [],
        testQuestions: Array.isArray(parsed.testQuestions)
          ? parsed.testQuestions.filter((q): q is string => typeof q === 'string')
          : [...DEFAULT_TEST_QUESTIONS],
        testResponses: savedTestResponses(parsed.testResponses),
        id: typeof parsed.id === 'string' ? parsed.id : null,
        owner,
      },
      failed: false,
    };
  } catch {
    localStorage.removeItem(DRAFT_KEY);
    return { draft: null, failed: true };
  }
}

/** Keeps only well-formed answers from a stored draft. */
function savedTestResponses(value: unknown): Record<string, TestReply> {
  if (!value || typeof value !== 'object') return {};
  const saved: Record<string, TestReply> = {};
  for (const [question, reply] of Object.entries(value)) {
    const parsed = testReplySchema.safeParse(reply);
    if (parsed.success) saved[question] = parsed.data;
  }
  return saved;
}

/** SPEC §8 wizard texts: no reply at all failed the test; a server failure gave no AI answer. */
export function testErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return WIZARD_TEXT.testFailed;
  // the server's own words for a question it refused or a too-fast pace
  if (error.status === 422 || error.status === 429) return error.message;
  return WIZARD_TEXT.aiFailed;
}

function toPayload(info: ClassInfo): ClassPayload {
  const students = Number.parseInt(info.student_size, 10);
  return {
    class_name: info.class_name.trim(),
    course_code: orNull(info.course_code),
    school: orNull(info.school),
    department: orNull(info.department),
    semester: info.semester,
    year: Number.parseInt(info.year, 10),
    student_size: Number.isNaN(students) ? null : students,
    description: orNull(info.description),
  };
}

export function CreateClassWizard({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        onInteractOutside={(event) => event.preventDefault()}
        className="sm:p-8"
      >
        {open ? <WizardBody onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WizardBody({ onClose }: { onClose(): void }) {
  const queryClient = useQueryClient();
  const owner = useAuth().user?.id ?? '';
  const [initial] = useState(() => readDraft(owner));
  const draft = initial.draft;

  const [step, setStep] = useState<1 | 2 | 3>(draft?.step ?? 1);
  const [info, setInfo] = useState<ClassInfo>(draft?.classInfo ?? emptyInfo);
  const [classId, setClassId] = useState<string | null>(draft?.id ?? null);
  const [savedInfo, setSavedInfo] = useState<string | null>(
    draft?.id ? JSON.stringify(toPayload(draft.classInfo)) : null,
  );
  const [syllabusMode, setSyllabusMode] = useState<'file' | 'text'>(
    draft?.syllabus.content ? 'text' : 'file',
  );
  const [syllabusFile, setSyllabusFile] = useState<File | null>(null);
  const [syllabusTitle, setSyllabusTitle] = useState(draft?.syllabus.title ?? '');
  const [syllabusText, setSyllabusText] = useState(draft?.syllabus.content ?? '');
  // What was last sent as the syllabus; a draft past step 1 already has one on the server.
  const [syllabusSent, setSyllabusSent] = useState<string | null>(
    draft && draft.step > 1 ? 'restored' : null,
  );
  const [syllabusState, setSyllabusState] = useState<SyllabusState | null>(null);
  const [entries, setEntries] = useState<TextEntry[]>(
    (draft?.additionalContent ?? []).map((e) => ({ ...e, key: nextKey() })),
  );
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [testQuestions, setTestQuestions] = useState<string[]>(
    draft?.testQuestions.length ? draft.testQuestions : [...DEFAULT_TEST_QUESTIONS],
  );
  const [testResults, setTestResults] = useState<Record<string, TestResult>>(() =>
    Object.fromEntries(
      Object.entries(draft?.testResponses ?? {}).map(([q, reply]) => [
        q,
        { status: 'done', reply } satisfies TestResult,
      ]),
    ),
  );
  const [testNotice, setTestNotice] = useState<string | null>(null);
  const [testingAll, setTestingAll] = useState(false);
  const [errors, setErrors] = useState<{
    class_name?: string;
    student_size?: string;
    syllabus?: string;
  }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState(draft !== null);
  const timers = useRef<number[]>([]);
  // polls of files being read stop when the wizard closes
  const lifetime = useUnmountSignal();

  useEffect(() => {
    if (initial.failed) toast.error(WIZARD_TEXT.draftFailed);
  }, [initial.failed]);

  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((t) => window.clearTimeout(t));
  }, []);

  const snapshot = useRef<Draft | null>(null);
  snapshot.current = {
    step,
    classInfo: info,
    syllabus: { title: syllabusTitle, content: syllabusMode === 'text' ? syllabusText : '' },
    additionalContent: entries.map(({ title, content, savedId }) => ({ title, content, savedId })),
    testQuestions,
    testResponses: Object.fromEntries(
      Object.entries(testResults).flatMap(([q, result]) =>
        result.status === 'done' ? [[q, result.reply]] : [],
      ),
    ),
    id: classId,
    owner,
  };
  const saveDraft = useCallback(() => {
    if (snapshot.current) localStorage.setItem(DRAFT_KEY, JSON.stringify(snapshot.current));
  }, []);

  // SPEC §2: the draft is autosaved every 30 s (and when the wizard closes or changes step).
  useEffect(() => {
    const id = window.setInterval(saveDraft, AUTOSAVE_MS);
    return () => {
      window.clearInterval(id);
    };
  }, [saveDraft]);
  useEffect(() => {
    saveDraft();
  }, [step, classId, testResults, saveDraft]);

  const setField = <K extends keyof ClassInfo>(key: K, value: ClassInfo[K]) => {
    setInfo((prev) => ({ ...prev, [key]: value }));
    if (key === 'class_name' || key === 'student_size')
      setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const syllabusKey = () =>
    syllabusMode === 'file'
      ? syllabusFile
        ? `file:${syllabusFile.name}:${syllabusFile.size}:${syllabusFile.lastModified}`
        : null
      : syllabusText.trim()
        ? `text:${syllabusTitle.trim()}:${syllabusText.trim()}`
        : null;

  const hasSyllabus = () => syllabusKey() !== null || syllabusSent !== null;

  /** Creates the class (first time) or saves edited class info. Returns the class id. */
  async function ensureClass(): Promise<string | null> {
    const payload = toPayload(info);
    const key = JSON.stringify(payload);
    if (!classId) {
      try {
        const created = await classesApi.create(payload);
        setClassId(created.id);
        setSavedInfo(key);
        void queryClient.invalidateQueries({ queryKey: classKeys.list });
        void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
        return created.id;
      } catch (error) {
        setFormError(errorText(error, WIZARD_TEXT.createFailed));
        return null;
      }
    }
    if (key !== savedInfo) {
      try {
        await classesApi.update(classId, payload);
        setSavedInfo(key);
      } catch (error) {
        setFormError(errorText(error, WIZARD_TEXT.updateFailed));
        return null;
      }
    }
    return classId;
  }

  async function onNext() {
    setFormError(null);
    const next: typeof errors = {};
    if (!info.class_name.trim()) next.class_name = WIZARD_TEXT.nameRequired;
    const students = Number(info.student_size);
    if (
      info.student_size.trim() !== '' &&
      (!Number.isInteger(students) ||
        students < WIZARD_MIN_STUDENTS ||
        students > WIZARD_MAX_STUDENTS)
    ) {
      next.student_size = WIZARD_TEXT.studentsRange;
    }
    if (!hasSyllabus()) next.syllabus = WIZARD_TEXT.syllabusRequired;
    setErrors(next);
    if (Object.keys(next).length) return;

    setBusy(true);
    try {
      const id = await ensureClass();
      if (!id) return;
      const key = syllabusKey();
      if (key && key !== syllabusSent) {
        try {
          let sent;
          if (syllabusMode === 'file' && syllabusFile) {
            setSyllabusState({ step: 'uploading', progress: 0 });
            sent = await classesApi.upload(
              {
                file: syllabusFile,
                fileName: syllabusFile.name,
                classId: id,
                contentType: 'syllabus',
                title: cutTitle(syllabusTitle) || titleFromFileName(syllabusFile.name),
              },
              (progress) =>
                setSyllabusState(
                  progress >= 100 ? { step: 'processing' } : { step: 'uploading', progress },
                ),
            );
          } else {
            sent = await classesApi.createSyllabus({
              class_id: id,
              title: cutTitle(syllabusTitle) || 'Syllabus',
              content: syllabusText.trim(),
            });
          }
          // Completed means read: a file the server is still reading keeps the wizard here.
          if (sent.content.status === 'processing') setSyllabusState({ step: 'processing' });
          await waitUntilRead(sent.content, lifetime());
          setSyllabusState(null);
          setSyllabusSent(key);
        } catch (error) {
          if (isAbort(error)) return;
          if (error instanceof ContentReadError) {
            setSyllabusState({ step: 'failed', reason: error.message });
            if (syllabusMode === 'text') {
              setErrors((e) => ({
                ...e,
                syllabus: `${CONTENT_STATUS_TEXT.failed}: ${error.message}`,
              }));
            }
          } else {
            setSyllabusState(null);
            setFormError(errorText(error, WIZARD_TEXT.uploadFailed));
          }
          return;
        }
      }
      setStep(2);
    } finally {
      setBusy(false);
    }
  }

  function updateUpload(key: string, patch: Partial<UploadRow>) {
    setUploads((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

  function addFiles(files: File[]) {
    if (!classId) return;
    for (const file of files) {
      const key = nextKey();
      const problem = fileProblem(file);
      const row: UploadRow = {
        key,
        name: file.name,
        size: file.size,
        status: problem ? 'error' : 'uploading',
        progress: 0,
        error: problem ?? undefined,
      };
      setUploads((rows) => [...rows, row]);
      if (problem) continue;
      const signal = lifetime();
      classesApi
        .upload(
          {
            file,
            fileName: file.name,
            classId,
            contentType: 'content',
            title: titleFromFileName(file.name),
          },
          (percent) =>
            updateUpload(key, {
              progress: percent,
              status: percent >= 100 ? 'processing' : 'uploading',
            }),
        )
        .then(({ content }) => {
          // stored; completed once the server has read it
          updateUpload(key, { status: 'processing', progress: 100, contentId: content.id });
          return waitUntilRead(content, signal);
        })
        .then(() => {
          updateUpload(key, { status: 'completed', progress: 100 });
          timers.current.push(
            window.setTimeout(
              () => setUploads((rows) => rows.filter((r) => r.key !== key)),
              COMPLETED_REMOVE_MS,
            ),
          );
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          updateUpload(key, {
            status: 'error',
            error:
              error instanceof ContentReadError
                ? error.message
                : errorText(error, WIZARD_TEXT.uploadFailed),
          });
        });
    }
  }

  /** Drops a row in error; a file the server stored but could not read is deleted there too. */
  async function dismissUpload(row: UploadRow) {
    if (row.contentId) {
      try {
        await classesApi.deleteContent(row.contentId);
      } catch (error) {
        toast.error(`Failed to delete content: ${errorText(error, 'Delete failed')}`);
        return;
      }
    }
    setUploads((rows) => rows.filter((r) => r.key !== row.key));
  }

  async function onCreate() {
    setFormError(null);
    if (uploads.some((u) => u.status === 'uploading' || u.status === 'processing')) {
      setFormError(WIZARD_TEXT.uploadsPending);
      return;
    }
    if (!info.class_name.trim() || !hasSyllabus()) {
      setFormError(
        !info.class_name.trim() ? WIZARD_TEXT.nameRequired : WIZARD_TEXT.syllabusRequired,
      );
      return;
    }
    const filled = entries.filter((e) => e.title.trim() || e.content.trim());
    if (filled.some((e) => !e.title.trim() || !e.content.trim())) {
      setFormError(WIZARD_TEXT.entryIncomplete);
      return;
    }
    setBusy(true);
    try {
      const id = await ensureClass();
      if (!id) return;
      for (const [index, entry] of filled.entries()) {
        if (entry.savedId) continue;
        try {
          const { content } = await classesApi.createContent({
            class_id: id,
            title: cutTitle(entry.title),
            content: entry.content.trim(),
            content_type: 'content',
            display_order: index + 1,
          });
          setEntries((list) =>
            list.map((e) => (e.key === entry.key ? { ...e, savedId: content.id } : e)),
          );
        } catch (error) {
          setFormError(errorText(error, WIZARD_TEXT.uploadFailed));
          return;
        }
      }
      void queryClient.invalidateQueries({ queryKey: classKeys.all });
      setStep(3);
    } finally {
      setBusy(false);
    }
  }

  // Step 3 asks the server whether the class still has material (it may have been removed
  // since the draft was saved); without an answer, what this wizard sent decides.
  const classDetail = useQuery({
    queryKey: classKeys.detail(classId ?? ''),
    queryFn: () => classesApi.get(classId!),
    enabled: step === 3 && classId !== null,
    staleTime: 0,
  });
  // What is read and what is still being read: answers only use content that is ready.
  const readPolls = useRef(0);
  const contentList = useQuery({
    queryKey: classKeys.content(classId ?? ''),
    queryFn: async () => {
      const listed = await classesApi.listContent(classId!);
      readPolls.current = listed.contents.some(isProcessing) ? readPolls.current + 1 : 0;
      return listed;
    },
    enabled: step === 3 && classId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.contents.some(isProcessing)
        ? pollDelay(Math.max(0, readPolls.current - 1))
        : false,
  });
  const listed = contentList.data?.contents;
  const syllabusItem = listed?.find((c) => c.content_type === 'syllabus');
  const syllabusReading = syllabusItem?.status === 'processing';
  const othersReading =
    listed?.filter((c) => c.content_type !== 'syllabus' && isProcessing(c)).length ?? 0;
  const hasContent = listed
    ? listed.some((c) => c.status === 'ready')
    : classDetail.data
      ? classDetail.data.content_count > 0 || classDetail.data.has_syllabus
      : syllabusSent !== null || entries.some((e) => e.savedId);

  async function runTest(question: string) {
    if (!classId || syllabusReading) return;
    if (!hasContent) {
      setTestNotice(WIZARD_TEXT.noContent);
      return;
    }
    setTestNotice(null);
    setTestResults((all) => ({ ...all, [question]: { status: 'loading' } }));
    let result: TestResult;
    try {
      result = { status: 'done', reply: await classesApi.testQuestion(classId, question) };
    } catch (error) {
      result = { status: 'error', message: testErrorText(error) };
    }
    setTestResults((all) => ({ ...all, [question]: result }));
  }

  async function testAll() {
    setTestingAll(true);
    try {
      // one at a time: the answers arrive in order and the server's pace limit is respected
      for (const question of testQuestions) await runTest(question);
    } finally {
      setTestingAll(false);
    }
  }

  function testOwnQuestion(question: string) {
    const text = question.trim();
    if (!text) return;
    setTestQuestions((list) => (list.includes(text) ? list : [...list, text]));
    void runTest(text);
  }

  function onFinish() {
    localStorage.removeItem(DRAFT_KEY);
    void queryClient.invalidateQueries({ queryKey: classKeys.all });
    void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_KEY });
    onClose();
  }

  function startOver() {
    localStorage.removeItem(DRAFT_KEY);
    setRestored(false);
    setStep(1);
    setInfo(emptyInfo);
    setClassId(null);
    setSavedInfo(null);
    setSyllabusFile(null);
    setSyllabusTitle('');
    setSyllabusText('');
    setSyllabusSent(null);
    setEntries([]);
    setUploads([]);
    setTestQuestions([...DEFAULT_TEST_QUESTIONS]);
    setTestResults({});
    setTestNotice(null);
    setErrors({});
    setFormError(null);
  }

  return (
    <div onBlur={saveDraft}>
      <DialogHeader>
        <DialogTitle>Create New Class</DialogTitle>
        <DialogDescription>
          Step {step} of 3: {STEP_NAMES[step - 1]}
        </DialogDescription>
      </DialogHeader>
      <Stepper step={step} />

      {restored && step === 1 ? (
        <Alert variant="info" className="mb-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>We restored your unfinished class draft.</span>
            <Button variant="link" size="sm" onClick={startOver}>
              Start over
            </Button>
          </div>
        </Alert>
      ) : null}

      {step === 1 ? (
        <div className="space-y-6">
          <fieldset className="space-y-4">
            <legend className="mb-3 text-sm font-semibold text-ink-900">Class information</legend>
            <Field label="Class name" error={errors.class_name}>
              <Input
                value={info.class_name}
                onChange={(e) => setField('class_name', e.target.value)}
                maxLength={200}
                aria-required
                placeholder="e.g. Introduction to Biology"
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Course code" optional>
                <Input
                  value={info.course_code}
                  onChange={(e) => setField('course_code', e.target.value)}
                  maxLength={50}
                  placeholder="e.g. BIO 101"
                />
              </Field>
              <Field label="Expected students" error={errors.student_size}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={WIZARD_MIN_STUDENTS}
                  max={WIZARD_MAX_STUDENTS}
                  value={info.student_size}
                  onChange={(e) => setField('student_size', e.target.value)}
                />
              </Field>
              <Field label="School" optional>
                <Input
                  value={info.school}
                  onChange={(e) => setField('school', e.target.value)}
                  maxLength={200}
                />
              </Field>
              <Field label="Department" optional>
                <Input
                  value={info.department}
                  onChange={(e) => setField('department', e.target.value)}
                  maxLength={200}
                />
              </Field>
              <Field label="Semester">
                <Select
                  value={info.semester}
                  onChange={(e) => setField('semester', e.target.value as Semester)}
                >
                  {SEMESTERS.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Year">
                <Select value={info.year} onChange={(e) => setField('year', e.target.value)}>
                  {WIZARD_YEARS.map((y) => (
                    <option key={y} value={String(y)}>
                      {y}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <Field label="Description" optional>
              <Textarea
                rows={2}
                value={info.description}
                onChange={(e) => setField('description', e.target.value)}
                maxLength={2000}
              />
            </Field>
          </fieldset>

          {/* min-w-0: a fieldset is as wide as its content by default (a long file name) */}
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
              {(
                [
                  ['file', 'Upload a file'],
                  ['text', 'Paste text'],
                ] as const
              ).map(([mode, label]) => (
                <button
                  key={mode}
                  type="button"
                  aria-pressed={syllabusMode === mode}
                  onClick={() => {
                    setSyllabusMode(mode);
                    setErrors((e) => ({ ...e, syllabus: undefined }));
                  }}
                  className={cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium text-ink-700 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                    syllabusMode === mode && 'bg-white text-ink-900 shadow-sm',
                  )}
                >
                  {label}
                </button>
              ))}
            </div>

            {syllabusMode === 'file' ? (
              syllabusFile ? (
                <SelectedFile
                  file={syllabusFile}
                  state={syllabusState}
                  onRemove={
                    busy
                      ? undefined
                      : () => {
                          setSyllabusFile(null);
                          setSyllabusState(null);
                        }
                  }
                />
              ) : (
                <FileDropzone
                  label="Syllabus file"
                  accept={CONTENT_FILE_EXTENSIONS}
                  hint="PDF, Word, Excel, TXT or CSV, up to 50 MB"
                  onFiles={([file]) => {
                    if (!file) return;
                    const problem = fileProblem(file);
                    setErrors((e) => ({ ...e, syllabus: problem ?? undefined }));
                    if (!problem) {
                      setSyllabusFile(file);
                      setSyllabusState(null);
                    }
                  }}
                />
              )
            ) : (
              <div className="space-y-3">
                <Field label="Syllabus title" optional>
                  <Input
                    value={syllabusTitle}
                    onChange={(e) => setSyllabusTitle(e.target.value)}
                    maxLength={255}
                    placeholder="Syllabus"
                  />
                </Field>
                <Field label="Syllabus text">
                  <Textarea
                    rows={6}
                    value={syllabusText}
                    onChange={(e) => {
                      setSyllabusText(e.target.value);
                      setErrors((er) => ({ ...er, syllabus: undefined }));
                    }}
                    placeholder="Paste the full text of your syllabus"
                  />
                </Field>
              </div>
            )}
            {syllabusMode === 'text' && syllabusState?.step === 'processing' ? (
              <p role="status" className="flex items-center gap-2 text-sm text-ink-700">
                <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden="true" />
                {CONTENT_STATUS_TEXT.processing} Reading your syllabus.
              </p>
            ) : null}
            {syllabusSent && !syllabusKey() ? (
              <p className="flex items-center gap-2 text-sm text-success-700">
                <CheckCircle2 className="size-4" aria-hidden="true" /> Syllabus added
              </p>
            ) : null}
            {errors.syllabus ? (
              <p role="alert" className="text-sm font-medium text-danger-700">
                {errors.syllabus}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}

      {step === 2 ? (
        <div className="space-y-6">
          <section aria-labelledby="wizard-files" className="space-y-3">
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
              onFiles={addFiles}
            />
            {uploads.length ? (
              <ul aria-label="File uploads" className="space-y-2">
                {uploads.map((row) => (
                  <UploadItem key={row.key} row={row} onDismiss={() => void dismissUpload(row)} />
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
                onClick={() =>
                  setEntries((list) => [...list, { key: nextKey(), title: '', content: '' }])
                }
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
              <div key={entry.key} className="space-y-3 rounded-lg border border-ink-200 p-4">
                <div className="flex items-center justify-between">
                  <p className="text-sm font-medium text-ink-800">
                    Entry {index + 1}
                    {entry.savedId ? <span className="ml-2 text-success-700">Saved</span> : null}
                  </p>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove entry ${index + 1}`}
                    disabled={Boolean(entry.savedId)}
                    onClick={() => setEntries((list) => list.filter((e) => e.key !== entry.key))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <Field label={`Entry ${index + 1} title`}>
                  <Input
                    value={entry.title}
                    disabled={Boolean(entry.savedId)}
                    maxLength={255}
                    onChange={(e) =>
                      setEntries((list) =>
                        list.map((x) =>
                          x.key === entry.key ? { ...x, title: e.target.value } : x,
                        ),
                      )
                    }
                  />
                </Field>
                <Field label={`Entry ${index + 1} content`}>
                  <Textarea
                    rows={4}
                    value={entry.content}
                    disabled={Boolean(entry.savedId)}
                    onChange={(e) =>
                      setEntries((list) =>
                        list.map((x) =>
                          x.key === entry.key ? { ...x, content: e.target.value } : x,
                        ),
                      )
                    }
                  />
                </Field>
              </div>
            ))}
          </section>
        </div>
      ) : null}

      {step === 3 ? (
        <div className="space-y-5">
          <div className="flex items-start gap-3 rounded-xl border border-success-600/25 bg-success-50 p-4 text-sm text-success-700">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>
              <span className="font-semibold">{info.class_name.trim()}</span> has been created with
              its course material.
            </p>
          </div>
          <section aria-labelledby="wizard-test" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h3 id="wizard-test" className="text-sm font-semibold text-ink-900">
                  Test the assistant
                </h3>
                <p className="text-sm text-ink-600">
                  See how students&apos; questions are answered from your material.
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={testingAll}
                disabled={
                  syllabusReading || Object.values(testResults).some((r) => r.status === 'loading')
                }
                onClick={() => void testAll()}
              >
                Test all
              </Button>
            </div>
            {syllabusReading ? (
              <Alert variant="info" title={WIZARD_TEXT.syllabusReading}>
                {WIZARD_TEXT.syllabusReadingHint}
              </Alert>
            ) : syllabusItem?.status === 'failed' ? (
              <Alert variant="warning" title={WIZARD_TEXT.syllabusFailed}>
                {syllabusItem.status_reason ?? CONTENT_STATUS_TEXT.failedFallback} Answers
                won&apos;t use it; add a new syllabus from the class card.
              </Alert>
            ) : null}
            {othersReading > 0 && !syllabusReading ? (
              <Alert variant="info">
                {othersReading === 1
                  ? '1 file is still being read; '
                  : `${othersReading} files are still being read; `}
                answers use {othersReading === 1 ? 'it' : 'them'} once ready.
              </Alert>
            ) : null}
            {testNotice ? <Alert variant="warning">{testNotice}</Alert> : null}
            <ol aria-label="Test questions" className="space-y-2">
              {testQuestions.map((q) => (
                <TestQuestionItem
                  key={q}
                  question={q}
                  result={testResults[q]}
                  disabled={syllabusReading}
                  onTest={() => void runTest(q)}
                />
              ))}
            </ol>
            <OwnQuestionForm onTest={testOwnQuestion} disabled={syllabusReading} />
          </section>
        </div>
      ) : null}

      {formError ? (
        <Alert variant="danger" className="mt-5">
          {formError}
        </Alert>
      ) : null}

      <DialogFooter className="sm:justify-between">
        {step === 2 ? (
          <Button variant="outline" onClick={() => setStep(1)} disabled={busy}>
            Back
          </Button>
        ) : (
          <Button
            variant="ghost"
            onClick={onClose}
            // while the syllabus is read the wizard may close; the server keeps reading it
            disabled={busy && syllabusState?.step !== 'processing'}
          >
            {step === 3 ? 'Close' : 'Cancel'}
          </Button>
        )}
        {step === 1 ? (
          <Button onClick={() => void onNext()} loading={busy}>
            Next
          </Button>
        ) : null}
        {step === 2 ? (
          <Button onClick={() => void onCreate()} loading={busy}>
            Create Class
          </Button>
        ) : null}
        {step === 3 ? <Button onClick={onFinish}>Finish</Button> : null}
      </DialogFooter>
    </div>
  );
}

function Stepper({ step }: { step: number }) {
  return (
    <ol className="mb-6 grid grid-cols-3 gap-2" aria-label="Progress">
      {STEP_NAMES.map((name, index) => {
        const n = index + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li
            key={name}
            aria-current={state === 'current' ? 'step' : undefined}
            className="space-y-1.5"
          >
            <div
              className={cn('h-1.5 rounded-full', state === 'todo' ? 'bg-ink-200' : 'bg-brand-600')}
            />
            <p
              className={cn(
                'text-xs font-medium',
                state === 'current' ? 'text-brand-800' : 'text-ink-600',
              )}
            >
              <span className="sr-only">{state === 'done' ? 'Completed: ' : ''}</span>
              {n}. <span className="hidden sm:inline">{name}</span>
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function SelectedFile({
  file,
  state,
  onRemove,
}: {
  file: File;
  state: SyllabusState | null;
  onRemove?: () => void;
}) {
  // When reading starts or fails the button that was pressed is disabled or gone: focus moves
  // here so the state is read out and Tab continues from the file (Remove file).
  const card = useRef<HTMLDivElement>(null);
  const step = state?.step;
  useEffect(() => {
    if (step === 'processing' || step === 'failed') card.current?.focus();
  }, [step]);
  return (
    <div
      ref={card}
      tabIndex={-1}
      className={cn(
        'space-y-2 rounded-lg border bg-white p-3 outline-none',
        state?.step === 'failed' ? 'border-danger-200' : 'border-ink-200',
      )}
    >
      <div className="flex items-center gap-3">
        {state?.step === 'processing' ? (
          <Loader2 className="size-8 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
        ) : state?.step === 'failed' ? (
          <XCircle className="size-8 shrink-0 text-danger-600" aria-hidden="true" />
        ) : (
          <FileText className="size-8 shrink-0 text-brand-600" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-ink-900">{file.name}</p>
          <p className="text-xs text-ink-600">{formatMb(file.size)}</p>
        </div>
        {state?.step === 'processing' ? (
          <span className="text-xs font-semibold text-ink-700">{STATUS_TEXT.processing}</span>
        ) : state?.step === 'failed' ? (
          <span className="text-xs font-semibold text-danger-700">{STATUS_TEXT.error}</span>
        ) : null}
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove file
          </Button>
        ) : null}
      </div>
      {state?.step === 'uploading' ? (
        <Progress
          value={state.progress}
          max={100}
          label={`Uploading ${file.name}`}
          valueText={`${state.progress}%`}
        />
      ) : null}
      {state?.step === 'processing' ? (
        <p role="status" className="text-xs text-ink-600">
          Reading your syllabus. This can take a minute for a long file; step 2 opens when it is
          done.
        </p>
      ) : null}
      {state?.step === 'failed' ? (
        <p role="alert" className="text-xs font-medium text-danger-700">
          {CONTENT_STATUS_TEXT.failed}: {state.reason} Choose another file, or try again.
        </p>
      ) : null}
    </div>
  );
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Error',
};

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
            {formatMb(row.size)}
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
          {STATUS_TEXT[row.status]}
          {row.status === 'uploading' ? ` ${row.progress}%` : ''}
        </span>
        {row.status === 'error' ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove ${row.name}`}
            onClick={onDismiss}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
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
      {row.status === 'error' && row.error ? (
        <p role="alert" className="mt-1 text-xs font-medium text-danger-700">
          {row.error}
        </p>
      ) : null}
    </li>
  );
}

function TestQuestionItem({
  question,
  result,
  disabled = false,
  onTest,
}: {
  question: string;
  result: TestResult | undefined;
  disabled?: boolean;
  onTest(): void;
}) {
  const loading = result?.status === 'loading';
  return (
    <li className="rounded-lg border border-ink-200 bg-white p-3 text-sm">
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <p className="min-w-0 flex-1 font-medium break-words text-ink-900">{question}</p>
        <Button
          variant="secondary"
          size="sm"
          loading={loading}
          disabled={disabled}
          onClick={onTest}
          aria-label={`Test: ${question}`}
        >
          {result?.status === 'done' ? 'Test again' : 'Test'}
        </Button>
      </div>
      {loading ? (
        <p role="status" className="mt-2 text-ink-600 sm:pl-7">
          Getting an answer…
        </p>
      ) : null}
      {result?.status === 'error' ? (
        <p role="alert" className="mt-2 font-medium text-danger-700 sm:pl-7">
          {result.message}
        </p>
      ) : null}
      {result?.status === 'done' ? <TestAnswer reply={result.reply} /> : null}
    </li>
  );
}

/** A test answer as plain text (never markup), with the titles of the items it came from. */
function TestAnswer({ reply }: { reply: TestReply }) {
  const sources = reply.citations.filter(
    (c, index, all) => all.findIndex((x) => x.content_id === c.content_id) === index,
  );
  return (
    <div className="mt-2 rounded-md bg-ink-50 p-3 sm:ml-7">
      {reply.source_type === 'other' ? (
        <p className="mb-1 text-xs font-semibold text-warning-800">Not in the course material</p>
      ) : null}
      <p className="leading-relaxed break-words whitespace-pre-wrap text-ink-800">
        {reply.response}
      </p>
      {sources.length ? (
        <p className="mt-2 text-xs text-ink-600">
          <span className="font-semibold">Sources: </span>
          {sources.map((c) => `${c.title} (${contentTypeLabel(c.content_type)})`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}

function OwnQuestionForm({
  onTest,
  disabled = false,
}: {
  onTest(question: string): void;
  disabled?: boolean;
}) {
  const [question, setQuestion] = useState('');
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!question.trim() || disabled) return;
        onTest(question);
        setQuestion('');
      }}
    >
      <Field label="Your own question" className="min-w-0 flex-1">
        <Input
          value={question}
          maxLength={QUESTION_MAX_LENGTH}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="e.g. Is attendance required?"
        />
      </Field>
      <Button type="submit" variant="outline" disabled={disabled || !question.trim()}>
        Test
      </Button>
    </form>
  );
}
