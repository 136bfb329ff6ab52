import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { DEFAULT_TEST_QUESTIONS, testReplySchema, type TestReply } from '@app/contracts';
import { CLASS_DRAFT_KEY } from '@/lib/storage';
import type { ClassInfoValues } from '../class-info-fields';
import { WIZARD_TEXT, draftClassInfo, wizardClassPayload } from './wizard-rules';
import { newWizardState, nextKey, type TestResult, type WizardState } from './wizard-state';

/** The draft lives under this local-storage key; logging out removes it (auth-store). */
export const DRAFT_KEY = CLASS_DRAFT_KEY;
export const AUTOSAVE_MS = 30_000;

/**
 * SPEC §3 "Class draft": step, class info, syllabus, additional content, test questions,
 * test responses (answers by question), id.
 */
export interface Draft {
  step: 1 | 2 | 3;
  classInfo: ClassInfoValues;
  syllabus: { title: string; content: string };
  additionalContent: { title: string; content: string; savedId?: string }[];
  testQuestions: string[];
  testResponses: Record<string, TestReply>;
  id: string | null;
  /** the teacher it belongs to: another teacher signing in on this browser is never offered it */
  owner: string;
}

/**
 * The saved draft if it is this teacher's; `failed` when what was saved could not be read.
 * `defaults`: a new class's fields, for what an older draft lacks.
 */
export function readDraft(
  owner: string,
  defaults?: ClassInfoValues,
): { draft: Draft | null; failed: boolean } {
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
        classInfo: draftClassInfo(parsed.classInfo ?? {}, defaults),
        syllabus: { title: '', content: '', ...parsed.syllabus },
        additionalContent: Array.isArray(parsed.additionalContent) ? parsed.additionalContent : [],
        // an older draft's three default questions gave way to Check your assistant (issue 29)
        testQuestions: Array.isArray(parsed.testQuestions)
          ? parsed.testQuestions.filter(
              (q): q is string => typeof q === 'string' && !isDefaultQuestion(q),
            )
          : [],
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

const isDefaultQuestion = (question: string) =>
  (DEFAULT_TEST_QUESTIONS as readonly string[]).includes(question);

/**
 * Keeps only well-formed answers from a stored draft (one saved before replies said whether the
 * teacher checked them was not), to the teacher's own questions.
 */
function savedTestResponses(value: unknown): Record<string, TestReply> {
  if (!value || typeof value !== 'object') return {};
  const saved: Record<string, TestReply> = {};
  for (const [question, reply] of Object.entries(value)) {
    if (isDefaultQuestion(question)) continue;
    const parsed = testReplySchema.safeParse(
      reply && typeof reply === 'object' ? { checked_by_teacher: false, ...reply } : reply,
    );
    if (parsed.success) saved[question] = parsed.data;
  }
  return saved;
}

/**
 * Whether a draft holds anything the teacher typed or made (issue 31, item 10): a class field
 * other than a new class's, a pasted syllabus, content, a question or an answer, a class already
 * made. The wizard saves as it opens, so without this a draft nobody typed in would be "restored".
 */
export function draftHasWork(draft: Draft, defaults: ClassInfoValues): boolean {
  const fields = Object.keys(defaults) as (keyof ClassInfoValues)[];
  const typed = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return (
    fields.some((field) => String(draft.classInfo[field]).trim() !== defaults[field].trim()) ||
    draft.id !== null ||
    draft.step > 1 ||
    typed(draft.syllabus.title) ||
    typed(draft.syllabus.content) ||
    draft.additionalContent.some((e) => typed(e.title) || typed(e.content) || e.savedId) ||
    draft.testQuestions.length > 0 ||
    Object.keys(draft.testResponses).length > 0
  );
}

/**
 * The wizard as it opens for this teacher: where their saved draft left off, or a new class
 * with `defaults` (the teacher's: School is their institution). A draft with nothing typed in it
 * is a new class.
 */
export function openWizard({
  owner,
  defaults,
}: {
  owner: string;
  defaults: ClassInfoValues;
}): WizardState {
  const { draft, failed } = readDraft(owner, defaults);
  const fresh = newWizardState(defaults);
  if (!draft || !draftHasWork(draft, defaults))
    return { ...fresh, origin: failed ? 'unreadable' : 'new' };
  const saved = draft.id ? wizardClassPayload(draft.classInfo).payload : undefined;
  return {
    ...fresh,
    origin: 'restored',
    step: draft.step,
    classInfo: draft.classInfo,
    classId: draft.id,
    savedInfo: saved ? JSON.stringify(saved) : null,
    syllabus: {
      ...fresh.syllabus,
      mode: draft.syllabus.content ? 'text' : 'file',
      title: draft.syllabus.title,
      text: draft.syllabus.content,
      // a draft past step 1 already has its syllabus on the server
      sent: draft.step > 1 ? 'restored' : null,
    },
    entries: draft.additionalContent.map((e) => ({ ...e, key: nextKey() })),
    testQuestions: draft.testQuestions,
    testResults: Object.fromEntries(
      Object.entries(draft.testResponses).map(([q, reply]) => [
        q,
        { status: 'done', reply } satisfies TestResult,
      ]),
    ),
  };
}

/** What is kept of the wizard: pasted syllabus text (not a file), entries, answers. */
export function draftOf(state: WizardState, owner: string): Draft {
  const { syllabus } = state;
  return {
    step: state.step,
    classInfo: state.classInfo,
    syllabus: { title: syllabus.title, content: syllabus.mode === 'text' ? syllabus.text : '' },
    additionalContent: state.entries.map(({ title, content, savedId }) => ({
      title,
      content,
      savedId,
    })),
    testQuestions: state.testQuestions,
    testResponses: Object.fromEntries(
      Object.entries(state.testResults).flatMap(([q, result]) =>
        result.status === 'done' ? [[q, result.reply]] : [],
      ),
    ),
    id: state.classId,
    owner,
  };
}

/**
 * Keeps the teacher's draft in local storage (SPEC §2): every 30 s, when the step, the class or
 * an answer changes, and whenever `save` is called (the wizard saves when focus moves); a draft
 * with nothing typed in it is not kept. A draft that could not be read is reported once. `clear`
 * forgets it (Finish, Start over).
 */
export function useWizardDraft(state: WizardState, owner: string) {
  const latest = useRef({ state, owner });
  latest.current = { state, owner };

  useEffect(() => {
    if (state.origin === 'unreadable') toast.error(WIZARD_TEXT.draftFailed);
  }, [state.origin]);

  const save = useCallback(() => {
    const { state: current, owner: teacher } = latest.current;
    const draft = draftOf(current, teacher);
    if (draftHasWork(draft, current.defaults))
      localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    else localStorage.removeItem(DRAFT_KEY);
  }, []);
  const clear = useCallback(() => localStorage.removeItem(DRAFT_KEY), []);

  useEffect(() => {
    const id = window.setInterval(save, AUTOSAVE_MS);
    return () => window.clearInterval(id);
  }, [save]);
  useEffect(() => {
    save();
  }, [state.step, state.classId, state.testResults, save]);

  return { save, clear };
}
