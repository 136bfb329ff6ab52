import { useRef, useState, type Dispatch } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { ApiError, hasErrorCode } from '@/lib/api-client';
import { useUnmountSignal } from '@/lib/use-unmount-signal';
import { AssistantCheck } from '@/features/assistant-check';
import {
  CONTENT_STATUS_TEXT,
  getContents,
  isProcessing,
  pollDelay,
} from '@/features/course-material';
import { OwnQuestionForm, TestQuestionItem } from './test-question';
import { WIZARD_TEXT } from './wizard-rules';
import type { TestResult, WizardAction, WizardState } from './wizard-state';
import { getClass } from '../api/get-class';
import { streamTestQuestion } from '../api/stream-test-question';
import { classKeys } from '@/lib/api/get-classes';

/** SPEC §8 wizard texts: no reply at all failed the test; a server failure gave no AI answer. */
export function testErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'NO_RESPONSE') return WIZARD_TEXT.testFailed;
  // the server's own words for a question it refused or a too-fast pace
  if (hasErrorCode(error, 'VALIDATION_ERROR', 'RATE_LIMITED')) return error.message;
  return WIZARD_TEXT.aiFailed;
}

/**
 * Step 3: the class is created; the teacher checks the assistant (the questions students ask
 * about every course, Check your assistant), and may try any other question. Nothing is asked
 * while the syllabus is still being read; with no content read, the SPEC message says why.
 */
export function TestingStep({
  state,
  dispatch,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}) {
  const { classId, testQuestions, testResults } = state;
  const [notice, setNotice] = useState<string | null>(null);
  // what is written of each answer on its way (passing UI state: not part of the draft)
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const unmountSignal = useUnmountSignal();

  // The server says whether the class still has material (it may have been removed since the
  // draft was saved); without an answer, what this wizard sent decides.
  const classDetail = useQuery({
    queryKey: classKeys.detail(classId ?? ''),
    queryFn: () => getClass(classId!),
    enabled: classId !== null,
    staleTime: 0,
  });
  // What is read and what is still being read: answers only use content that is ready.
  const readPolls = useRef(0);
  const contentList = useQuery({
    queryKey: classKeys.content(classId ?? ''),
    queryFn: async () => {
      const listed = await getContents(classId!);
      readPolls.current = listed.contents.some(isProcessing) ? readPolls.current + 1 : 0;
      return listed;
    },
    enabled: classId !== null,
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
  const readyCount = listed?.filter((c) => c.status === 'ready').length ?? 0;
  const hasContent = listed
    ? readyCount > 0
    : classDetail.data
      ? classDetail.data.content_count > 0 || classDetail.data.has_syllabus
      : state.syllabus.sent !== null || state.entries.some((e) => e.savedId);
  // the list waits for the syllabus; known to have nothing read, it says so at once
  const noContent = listed !== undefined && !syllabusReading && !hasContent;

  async function runTest(question: string) {
    if (!classId || syllabusReading) return;
    if (!hasContent) {
      setNotice(WIZARD_TEXT.noContent);
      return;
    }
    setNotice(null);
    dispatch({ type: 'testStarted', question });
    const clearDraft = () => setDrafts(({ [question]: _cleared, ...others }) => others);
    const addToDraft = (part: string) =>
      setDrafts((all) => ({ ...all, [question]: (all[question] ?? '') + part }));
    clearDraft();
    const signal = unmountSignal();
    let result: TestResult;
    try {
      const reply = await streamTestQuestion(classId, question, {
        onDelta: addToDraft,
        signal,
      });
      result = { status: 'done', reply };
    } catch (error) {
      if (signal.aborted) return; // the wizard closed
      result = { status: 'error', message: testErrorText(error) };
    }
    clearDraft();
    dispatch({ type: 'testFinished', question, result });
  }

  function testOwnQuestion(question: string) {
    const text = question.trim();
    if (!text) return;
    dispatch({ type: 'testQuestionAdded', question: text });
    void runTest(text);
  }

  return (
    <div className="space-y-5">
      <div className="flex items-start gap-3 rounded-xl border border-success-600/25 bg-success-50 p-4 text-sm text-success-700">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <span className="font-semibold">{state.classInfo.class_name.trim()}</span> has been
          created with its course material.
        </p>
      </div>
      {syllabusReading ? (
        <Alert variant="info" title={WIZARD_TEXT.syllabusReading}>
          {WIZARD_TEXT.syllabusReadingHint}
        </Alert>
      ) : syllabusItem?.status === 'failed' ? (
        <Alert variant="warning" title={WIZARD_TEXT.syllabusFailed}>
          {syllabusItem.status_reason ?? CONTENT_STATUS_TEXT.failedFallback} Answers won&apos;t use
          it; add a new syllabus from the class card.
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
      {notice || noContent ? <Alert variant="warning">{WIZARD_TEXT.noContent}</Alert> : null}
      {classId && !syllabusReading && (listed !== undefined || contentList.isError) ? (
        // asked again as more of the material is read
        <AssistantCheck key={readyCount} classId={classId} />
      ) : null}
      <section aria-labelledby="wizard-try" className="space-y-3 border-t border-ink-200 pt-5">
        <div>
          <h3 id="wizard-try" className="text-sm font-semibold text-ink-900">
            Try another question
          </h3>
          <p className="text-sm text-ink-600">
            Ask anything else and see the reply a student would get.
          </p>
        </div>
        {testQuestions.length ? (
          <ol aria-label="Questions tried" className="space-y-2">
            {testQuestions.map((q) => (
              <TestQuestionItem
                key={q}
                question={q}
                result={testResults[q]}
                draft={drafts[q] ?? null}
                disabled={syllabusReading}
                onTest={() => void runTest(q)}
              />
            ))}
          </ol>
        ) : null}
        <OwnQuestionForm onTest={testOwnQuestion} disabled={syllabusReading} />
      </section>
    </div>
  );
}
