import type { TestReply } from '@app/contracts';
import { CONTENT_STATUS_TEXT } from '@/features/course-material';
import type { ClassInfoValues } from '../class-info-fields';
import { WIZARD_CLASS_DEFAULTS, type UploadStatus } from './wizard-rules';

export type WizardStep = 1 | 2 | 3;

/** Step 2: a text entry; `savedId` once the server has it (it can no longer be edited). */
export interface TextEntry {
  key: string;
  title: string;
  content: string;
  savedId?: string;
}

/** Step 2: a file on its way (SPEC §2 statuses). */
export interface UploadRow {
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
export type SyllabusUpload =
  | { step: 'uploading'; progress: number }
  | { step: 'processing' }
  | { step: 'failed'; reason: string };

/** Step 1's syllabus: a file or pasted text, and what became of the last one sent. */
export interface SyllabusState {
  mode: 'file' | 'text';
  file: File | null;
  title: string;
  text: string;
  /** what was last sent (see `syllabusKey`); 'restored' for a draft past step 1 */
  sent: string | null;
  upload: SyllabusUpload | null;
  error: string | null;
}

/** Step 3: one test question's answer, on its way, or why it failed. */
export type TestResult =
  | { status: 'loading' }
  | { status: 'done'; reply: TestReply }
  | { status: 'error'; message: string };

export interface WizardState {
  step: WizardStep;
  /** a new class, the teacher's saved draft, or a saved draft that could not be read */
  origin: 'new' | 'restored' | 'unreadable';
  /** a new class's fields for this teacher (School: their institution) */
  defaults: ClassInfoValues;
  classInfo: ClassInfoValues;
  /** the class, once step 1 has created it */
  classId: string | null;
  /** the class info last saved on the server (its payload as JSON) */
  savedInfo: string | null;
  syllabus: SyllabusState;
  entries: TextEntry[];
  uploads: UploadRow[];
  /** step 3's "Try another question": the teacher's own questions, asked in turn */
  testQuestions: string[];
  testResults: Record<string, TestResult>;
  /** Next or Create Class is at work */
  busy: boolean;
  formError: string | null;
}

export type WizardAction =
  | { type: 'classInfoEdited'; classInfo: ClassInfoValues }
  | { type: 'stepChanged'; step: WizardStep }
  | { type: 'busyChanged'; busy: boolean }
  | { type: 'formErrorSet'; message: string | null }
  | { type: 'classCreated'; id: string; savedInfo: string }
  | { type: 'classInfoSaved'; savedInfo: string }
  | { type: 'syllabusModeChosen'; mode: SyllabusState['mode'] }
  | { type: 'syllabusFileChosen'; file: File }
  | { type: 'syllabusFileRemoved' }
  | { type: 'syllabusTitleEdited'; title: string }
  | { type: 'syllabusTextEdited'; text: string }
  | { type: 'syllabusChecked'; error: string | null }
  | { type: 'syllabusUploading'; progress: number }
  | { type: 'syllabusProcessing' }
  | { type: 'syllabusRead'; key: string }
  /** `pasted`: the text sent could not be read, which is said under the text */
  | { type: 'syllabusUnreadable'; reason: string; pasted: boolean }
  | { type: 'syllabusNotSent'; message: string }
  | { type: 'uploadAdded'; row: UploadRow }
  | { type: 'uploadProgressed'; key: string; progress: number }
  | { type: 'uploadStored'; key: string; contentId: string }
  | { type: 'uploadCompleted'; key: string }
  | { type: 'uploadFailed'; key: string; error: string }
  | { type: 'uploadRemoved'; key: string }
  | { type: 'entryAdded'; key: string }
  | { type: 'entryEdited'; key: string; title?: string; content?: string }
  | { type: 'entryRemoved'; key: string }
  | { type: 'entrySaved'; key: string; savedId: string }
  | { type: 'testQuestionAdded'; question: string }
  | { type: 'testStarted'; question: string }
  | { type: 'testFinished'; question: string; result: TestResult }
  | { type: 'startedOver' };

let keySeq = 0;
/** A key for a new upload row or text entry. */
export const nextKey = () => `k${++keySeq}`;

/**
 * A new class: step 1, the default fields (`defaults`: the teacher's), no questions tried,
 * nothing sent yet.
 */
export function newWizardState(defaults: ClassInfoValues = WIZARD_CLASS_DEFAULTS): WizardState {
  return {
    step: 1,
    origin: 'new',
    defaults,
    classInfo: defaults,
    classId: null,
    savedInfo: null,
    syllabus: {
      mode: 'file',
      file: null,
      title: '',
      text: '',
      sent: null,
      upload: null,
      error: null,
    },
    entries: [],
    uploads: [],
    testQuestions: [],
    testResults: {},
    busy: false,
    formError: null,
  };
}

/** What identifies the syllabus in the form, to send it once; null when there is none. */
export function syllabusKey({ mode, file, title, text }: SyllabusState): string | null {
  if (mode === 'file') return file ? `file:${file.name}:${file.size}:${file.lastModified}` : null;
  return text.trim() ? `text:${title.trim()}:${text.trim()}` : null;
}

/** A syllabus is in the form, or already on the server. */
export const hasSyllabus = (syllabus: SyllabusState) =>
  syllabusKey(syllabus) !== null || syllabus.sent !== null;

/** Files still uploading or being read block Create Class (SPEC §5). */
export const uploadsBusy = (uploads: UploadRow[]) =>
  uploads.some((u) => u.status === 'uploading' || u.status === 'processing');

function patchSyllabus(state: WizardState, patch: Partial<SyllabusState>): WizardState {
  return { ...state, syllabus: { ...state.syllabus, ...patch } };
}

function patchUpload(state: WizardState, key: string, patch: Partial<UploadRow>): WizardState {
  return {
    ...state,
    uploads: state.uploads.map((r) => (r.key === key ? { ...r, ...patch } : r)),
  };
}

function patchEntry(state: WizardState, key: string, patch: Partial<TextEntry>): WizardState {
  return {
    ...state,
    entries: state.entries.map((e) => (e.key === key ? { ...e, ...patch } : e)),
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'classInfoEdited':
      return { ...state, classInfo: action.classInfo };
    case 'stepChanged':
      return { ...state, step: action.step };
    case 'busyChanged':
      return { ...state, busy: action.busy };
    case 'formErrorSet':
      return { ...state, formError: action.message };
    case 'classCreated':
      return { ...state, classId: action.id, savedInfo: action.savedInfo };
    case 'classInfoSaved':
      return { ...state, savedInfo: action.savedInfo };

    case 'syllabusModeChosen':
      return patchSyllabus(state, { mode: action.mode, error: null });
    case 'syllabusFileChosen':
      return patchSyllabus(state, { file: action.file, upload: null, error: null });
    case 'syllabusFileRemoved':
      return patchSyllabus(state, { file: null, upload: null });
    case 'syllabusTitleEdited':
      return patchSyllabus(state, { title: action.title });
    case 'syllabusTextEdited':
      return patchSyllabus(state, { text: action.text, error: null });
    case 'syllabusChecked':
      return patchSyllabus(state, { error: action.error });
    case 'syllabusUploading':
      return patchSyllabus(state, {
        upload:
          action.progress >= 100
            ? { step: 'processing' }
            : { step: 'uploading', progress: action.progress },
      });
    case 'syllabusProcessing':
      return patchSyllabus(state, { upload: { step: 'processing' } });
    case 'syllabusRead':
      return patchSyllabus(state, { upload: null, sent: action.key });
    case 'syllabusUnreadable':
      return patchSyllabus(state, {
        upload: { step: 'failed', reason: action.reason },
        ...(action.pasted ? { error: `${CONTENT_STATUS_TEXT.failed}: ${action.reason}` } : {}),
      });
    case 'syllabusNotSent':
      return { ...patchSyllabus(state, { upload: null }), formError: action.message };

    case 'uploadAdded':
      return { ...state, uploads: [...state.uploads, action.row] };
    case 'uploadProgressed':
      return patchUpload(state, action.key, {
        progress: action.progress,
        status: action.progress >= 100 ? 'processing' : 'uploading',
      });
    case 'uploadStored':
      // stored; completed once the server has read it
      return patchUpload(state, action.key, {
        status: 'processing',
        progress: 100,
        contentId: action.contentId,
      });
    case 'uploadCompleted':
      return patchUpload(state, action.key, { status: 'completed', progress: 100 });
    case 'uploadFailed':
      return patchUpload(state, action.key, { status: 'error', error: action.error });
    case 'uploadRemoved':
      return { ...state, uploads: state.uploads.filter((r) => r.key !== action.key) };

    case 'entryAdded':
      return { ...state, entries: [...state.entries, { key: action.key, title: '', content: '' }] };
    case 'entryEdited': {
      const { key, title, content } = action;
      return patchEntry(state, key, {
        ...(title !== undefined ? { title } : {}),
        ...(content !== undefined ? { content } : {}),
      });
    }
    case 'entryRemoved':
      return { ...state, entries: state.entries.filter((e) => e.key !== action.key) };
    case 'entrySaved':
      return patchEntry(state, action.key, { savedId: action.savedId });

    case 'testQuestionAdded':
      return state.testQuestions.includes(action.question)
        ? state
        : { ...state, testQuestions: [...state.testQuestions, action.question] };
    case 'testStarted':
      return {
        ...state,
        testResults: { ...state.testResults, [action.question]: { status: 'loading' } },
      };
    case 'testFinished':
      return {
        ...state,
        testResults: { ...state.testResults, [action.question]: action.result },
      };

    case 'startedOver': {
      // A new class, but the syllabus source chosen, a syllabus file's progress and the work
      // under way stay as they are.
      const fresh = newWizardState(state.defaults);
      return {
        ...fresh,
        syllabus: { ...fresh.syllabus, mode: state.syllabus.mode, upload: state.syllabus.upload },
        busy: state.busy,
      };
    }
  }
}
